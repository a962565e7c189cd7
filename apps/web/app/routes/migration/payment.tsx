import { useEffect, useMemo, useState } from 'react';
import { Link, redirect, useLoaderData, type MetaFunction } from 'react-router';
import { formatPhone } from '@andes/domain/documents';
import { MIGRATION_MONTHS_PAID, migrationEvents } from '@andes/domain/migration';
import { planPriceInMonth, planTerms } from '@andes/domain/plans';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { holdBusy } from '../../lib/busy.ts';
import { useMoney } from '../../features/cart/money.ts';
import { newIdempotencyKey } from '../../features/account/account-data.ts';
import { MigrationSteps } from '../../features/migration/migration-steps.tsx';
import { customerLines, migrationOffer, MIGRATION_PATHS, prepaidLine } from '../../features/migration/migration-data.ts';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('migration');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'migration.summary');

/** The summary of the change before paying; without a valid line and plan the customer picks again. */
export async function loader(args: LoaderArgs) {
  const url = new URL(args.request.url);
  const lines = await customerLines(args);
  const line = prepaidLine(lines, url.searchParams.get('linea'));
  const offer = line && line.phoneNumber === url.searchParams.get('linea') ? await migrationOffer(args, line.phoneNumber) : null;
  const plan = offer?.plans.find((p) => p.id === url.searchParams.get('plan'));
  if (!offer || !plan) throw redirect(`${MIGRATION_PATHS.select}${line ? `?linea=${line.phoneNumber}` : ''}`);
  return { phone: offer.line.phoneNumber, plan, blocker: offer.blocker };
}

export default function MigrationPayment() {
  const { phone, plan, blocker } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const money = useMoney();
  const key = useMemo(() => newIdempotencyKey(), []);
  const [error, setError] = useState<string | null>(blocker ? t(blocker) : null);
  useEffect(() => track(migrationEvents.step(market.site, 4, plan.id)), [market.site, plan.id]);

  async function pay(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    const release = holdBusy(t('migration.paying'));
    const body = await request({
      url: `/restpp/asset/${phone}/migration`,
      method: 'POST',
      contentType: 'json',
      data: { planId: plan.id, idempotencyKey: key },
      failurePopup: 'false',
    });
    if (body?.success && body.response?.redirectRUL) {
      window.location.assign(body.response.redirectRUL);
      return;
    }
    release();
    setError(body?.response?.systemMessage?.[0]?.messages[0] ?? body?.validationError?.planId?.[0] ?? t('pp.error.generic'));
  }

  return (
    <>
      <header className="hero">
        <h1>{t('migration.summary')}</h1>
      </header>
      <section className="page" aria-labelledby="migration-summary">
        <MigrationSteps current="payment" />
        <h2 id="migration-summary">{t('migration.title')}</h2>
        <dl className="migration-summary" data-testid="migration-summary">
          <dt>{t('migration.summary.line')}</dt>
          <dd>{formatPhone(phone, market.site)}</dd>
          <dt>{t('migration.summary.plan')}</dt>
          <dd>{plan.planName}</dd>
          <dt>{t('migration.summary.total')}</dt>
          <dd>
            <strong>{plan.charge.formatted}</strong>
          </dd>
        </dl>
        {/* the first bill charges the month after the one paid today */}
        <p>{t('migration.monthly', { price: money(planPriceInMonth(planTerms(plan), MIGRATION_MONTHS_PAID + 1)) })}</p>
        <div aria-live="assertive">
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <form onSubmit={pay} className="hero-actions">
          <button type="submit" className="button" disabled={!!blocker}>
            {t('migration.pay')}
          </button>
          <Link className="button button-ghost" to={`${MIGRATION_PATHS.select}?linea=${phone}&plan=${plan.id}`}>
            {t('migration.changePlan')}
          </Link>
        </form>
      </section>
    </>
  );
}
