import { useEffect } from 'react';
import { Link, redirect, useLoaderData, type MetaFunction } from 'react-router';
import { migrationEvents } from '@andes/domain/migration';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { MigrationSteps } from '../../features/migration/migration-steps.tsx';
import { customerLines, migrationStatus, MIGRATION_PATHS } from '../../features/migration/migration-data.ts';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('migration');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'migration.failure.title');

const REASONS = ['rejected', 'aborted', 'refunded'] as const;

/** Why the migration did not happen, from the attempt itself when the address names one. */
export async function loader(args: LoaderArgs) {
  await customerLines(args);
  const found = await migrationStatus(args);
  const url = new URL(args.request.url);
  if (found?.status.state === 'approved') throw redirect(`${MIGRATION_PATHS.success}${url.search}`);
  const state = found?.status.state ?? url.searchParams.get('resultado');
  const reason = REASONS.find((r) => r === state) ?? 'unknown';
  return { reason, order: found?.status.buyOrder ?? null, phone: found?.phone ?? null, planId: found?.status.plan?.id ?? null };
}

export default function MigrationFailure() {
  const { reason, order, phone, planId } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  useEffect(() => track(migrationEvents.failure(market.site, order, reason)), [market.site, order, reason]);
  const retry = phone ? `${MIGRATION_PATHS.select}?linea=${phone}${planId ? `&plan=${planId}` : ''}` : MIGRATION_PATHS.select;

  return (
    <section className="page" aria-labelledby="migration-failure">
      <MigrationSteps current="payment" />
      <h1 id="migration-failure">{t('migration.failure.title')}</h1>
      <p className="form-error" role="alert" data-testid="migration-failure">
        {t(`migration.failure.${reason}`)}
      </p>
      <Link className="button" to={retry}>
        {t('migration.failure.retry')}
      </Link>
    </section>
  );
}
