import { useEffect } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { events } from '@andes/domain/analytics';
import { plansPaths } from '@andes/domain/plans-sale';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import '../../features/cart/cart.css';
import '../../features/plans/plans.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('plans');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'plans.alternative.title');

export async function loader({ request }: LoaderArgs) {
  // only a name to show, never markup: React escapes it
  return { commune: (new URL(request.url).searchParams.get('comuna') ?? '').slice(0, 80) };
}

/** "Oferta alternativa": no coverage where the line would be used: another area or another plan. */
export default function PlansAlternative() {
  const { commune } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  useEffect(() => track(events.failure(market.site, 'pp.error.coverage.none', 'plans-feasibility')), [market.site]);
  return (
    <section className="page narrow">
      <h1>{t('plans.alternative.title')}</h1>
      <p>{t('plans.alternative.body', { commune })}</p>
      <div className="plan-actions">
        <a className="button" href={plansPaths.feasibility}>
          {t('plans.alternative.otherArea')}
        </a>
        <a className="button button-ghost" href={market.planCatalogueHome}>
          {t('plans.alternative.otherPlan')}
        </a>
      </div>
    </section>
  );
}
