import { useEffect } from 'react';
import { Link, redirect, useLoaderData, type MetaFunction } from 'react-router';
import { formatPhone } from '@andes/domain/documents';
import { migrationEvents } from '@andes/domain/migration';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { MigrationSteps } from '../../features/migration/migration-steps.tsx';
import { customerLines, migrationStatus, MIGRATION_PATHS } from '../../features/migration/migration-data.ts';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('migration');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'migration.success.title');

/** Shows an approved migration of the customer's own line; anything else goes to the failure page. */
export async function loader(args: LoaderArgs) {
  await customerLines(args);
  const found = await migrationStatus(args);
  if (!found || found.status.state !== 'approved' || !found.status.plan) throw redirect(`${MIGRATION_PATHS.failure}${new URL(args.request.url).search}`);
  return { phone: found.phone, order: found.status.buyOrder, amount: found.status.amount, plan: found.status.plan };
}

export default function MigrationSuccess() {
  const { phone, order, amount, plan } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  useEffect(() => {
    // a reload of this page must not count the purchase twice
    const seen = `migration-purchase-${order}`;
    if (sessionStorage.getItem(seen)) return;
    sessionStorage.setItem(seen, '1');
    track(migrationEvents.purchase(market.site, market.currency, { buyOrder: order, planId: plan.id, amount: amount.amount }));
  }, [market.site, market.currency, order, plan.id, amount.amount]);

  return (
    <section className="page" aria-labelledby="migration-success">
      <MigrationSteps current="done" />
      <h1 id="migration-success">{t('migration.success.title')}</h1>
      <p className="notice-success" role="status" data-testid="migration-success">
        {t('migration.success.body', { phone: formatPhone(phone, market.site), plan: plan.planName, amount: amount.formatted })}
      </p>
      <p>{t('migration.success.order', { order })}</p>
      <Link className="button" to={`/mi${market.brand}/mi-cuenta`}>
        {t('migration.success.account')}
      </Link>
    </section>
  );
}
