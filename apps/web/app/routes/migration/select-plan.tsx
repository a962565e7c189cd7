import { useEffect, useState } from 'react';
import { Link, useLoaderData, type MetaFunction } from 'react-router';
import { formatPhone } from '@andes/domain/documents';
import { migrationEvents } from '@andes/domain/migration';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { PlanCard } from '../../features/plans/plan-card.tsx';
import { MigrationSteps } from '../../features/migration/migration-steps.tsx';
import { customerLines, migrationOffer, MIGRATION_PATHS, prepaidLine } from '../../features/migration/migration-data.ts';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('migration', 'plans');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'migration.title');

/** Signed-in only: the customer's prepaid line (or the one in `?linea=`) and the plans it can move to. */
export async function loader(args: LoaderArgs) {
  const lines = await customerLines(args);
  const url = new URL(args.request.url);
  const line = prepaidLine(lines, url.searchParams.get('linea'));
  const prepaidLines = lines.filter((l) => l.kind === 'prepaid');
  if (!line) return { line: null, prepaidLines, offer: null, chosen: null };
  const offer = await migrationOffer(args, line.phoneNumber);
  // a plan picked on the migration catalogue (select plan) or named in the address comes chosen
  const session = await args.context.api<'GET /restpp/order/select/plan'>('/restpp/order/select/plan');
  const wanted = url.searchParams.get('plan') ?? session.body.selectedPlan?.id ?? null;
  return { line, prepaidLines, offer, chosen: offer?.plans.some((p) => p.id === wanted) ? wanted : null };
}

export default function MigrationSelectPlan() {
  const { line, prepaidLines, offer, chosen: initial } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [chosen, setChosen] = useState<string | null>(initial);
  useEffect(() => track(migrationEvents.step(market.site, 0, null)), [market.site]);

  return (
    <>
      <header className="hero">
        <h1>{t('migration.title')}</h1>
        <p>{t('migration.intro')}</p>
      </header>
      <section className="page" aria-labelledby="migration-plans">
        <MigrationSteps current="plan" />
        {!line || !offer ? (
          <>
            <p data-testid="migration-no-prepaid">{t('migration.noPrepaid')}</p>
            <Link className="button" to="/personas/oferta-perfilada">
              {t('migration.seeOffers')}
            </Link>
          </>
        ) : (
          <form method="get" action={MIGRATION_PATHS.payment}>
            {prepaidLines.length > 1 ? (
              <fieldset className="migration-lines">
                <legend>{t('migration.line')}</legend>
                {prepaidLines.map((l) => (
                  <a
                    key={l.phoneNumber}
                    href={`${MIGRATION_PATHS.select}?linea=${l.phoneNumber}`}
                    aria-current={l.phoneNumber === line.phoneNumber ? 'true' : undefined}
                  >
                    {formatPhone(l.phoneNumber, market.site)}
                  </a>
                ))}
              </fieldset>
            ) : (
              <p>
                {t('migration.line')}: <strong data-testid="migration-line">{formatPhone(line.phoneNumber, market.site)}</strong>
              </p>
            )}
            {offer.blocker && (
              <p className="form-error" role="alert">
                {t(offer.blocker)}
              </p>
            )}
            <input type="hidden" name="linea" value={line.phoneNumber} />
            <input type="hidden" name="plan" value={chosen ?? ''} />
            <h2 id="migration-plans">{t('migration.plans')}</h2>
            <ul className="migration-plans">
              {offer.plans.map((plan) => (
                <li key={plan.id}>
                  <PlanCard plan={plan} selected={plan.id === chosen} onSelect={(p) => setChosen(p.id)}>
                    <p>
                      {t('migration.payNow')}: <strong>{plan.charge.formatted}</strong>
                    </p>
                  </PlanCard>
                </li>
              ))}
            </ul>
            <p id="migration-pick-hint" className="field-hint" aria-live="polite">
              {chosen ? '' : t('migration.pickPlan')}
            </p>
            <button type="submit" className="button" disabled={!chosen || !!offer.blocker} aria-describedby="migration-pick-hint">
              {t('migration.continue')}
            </button>
          </form>
        )}
      </section>
    </>
  );
}
