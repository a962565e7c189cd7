import { useEffect } from 'react';
import { Link, redirect, useLoaderData, type MetaFunction } from 'react-router';
import { formatPhone } from '@andes/domain/documents';
import { planEvents } from '@andes/domain/plans-sale';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { PlanCard } from '../../features/plans/plan-card.tsx';
import { planEventItem } from '../../features/plans/journey.ts';
import { MIGRATION_PATHS } from '../../features/migration/migration-data.ts';
import '../../features/migration/migration.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('migration', 'plans');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'offers.profiled.title');

/** Signed-in only: per line, the plans better than the one it has (server-rendered). */
export async function loader({ request, context }: LoaderArgs) {
  const res = await context.api<'GET /restpp/offers/profiled'>('/restpp/offers/profiled');
  if (res.status === 401 || !res.body.lines) {
    const url = new URL(request.url);
    throw redirect(`${context.market.loginPath}?successurl=${encodeURIComponent(url.pathname)}`);
  }
  return { lines: res.body.lines };
}

export default function ProfiledOffer() {
  const { lines } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  useEffect(() => {
    track(
      planEvents.viewPlans(
        market.site,
        '/personas/oferta-perfilada',
        lines.flatMap((l) => l.offers).map((p) => planEventItem(p, market.currency)),
      ),
    );
  }, [lines, market.site, market.currency]);

  return (
    <>
      <header className="hero">
        <h1>{t('offers.profiled.title')}</h1>
        <p>{t('offers.profiled.intro')}</p>
      </header>
      {lines.map((line) => {
        const phone = formatPhone(line.phoneNumber, market.site);
        const headingId = `offer-line-${line.phoneNumber}`;
        const migrates = line.kind === 'prepaid' && line.status === 'active';
        return (
          <section key={line.phoneNumber} className="page" aria-labelledby={headingId} data-testid={`offers-${line.phoneNumber}`}>
            <h2 id={headingId}>{t('offers.profiled.line', { phone })}</h2>
            <p>{line.planName ? t('offers.profiled.current', { plan: line.planName }) : t('offers.profiled.prepaid')}</p>
            {line.offers.length === 0 ? (
              <p>{t('offers.profiled.none')}</p>
            ) : (
              <ul className="migration-plans">
                {line.offers.map((plan) => (
                  <li key={plan.id}>
                    <PlanCard plan={plan}>
                      {migrates && (
                        <Link className="button button-wide" to={`${MIGRATION_PATHS.payment}?linea=${line.phoneNumber}&plan=${plan.id}`}>
                          {t('offers.migrate', { plan: plan.planName })}
                        </Link>
                      )}
                    </PlanCard>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </>
  );
}
