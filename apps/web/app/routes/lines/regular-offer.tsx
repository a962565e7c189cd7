import { useEffect } from 'react';
import { Link, useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { planEvents, plansPaths } from '@andes/domain/plans-sale';
import { MOBILE_PATHS } from '@andes/domain/migration-mobile';
import { isSignedIn, pageTitle, useMarket, useRootData, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { whileBusy } from '../../lib/busy.ts';
import { PlanSelector } from '../../features/plans/plan-selector.tsx';
import { choosePlan, planEventItem } from '../../features/plans/journey.ts';
import type { Plan } from '../../features/plans/types.ts';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('migration', 'plans');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'offers.regular.title');

const LIST_ID = '/personas/oferta-regular';

/** The regular offer, the same for everybody: the activation-flow plans (server-rendered). */
export async function loader({ context }: LoaderArgs) {
  const res = await context.api<'GET /restpp/subscriber/plans'>('/restpp/subscriber/plans?activeSimType=newLine');
  if (!res.body.success) throw new Response('Plans unavailable', { status: res.status });
  return { plans: res.body };
}

export default function RegularOffer() {
  const { plans } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const signedIn = isSignedIn(useRootData().profile);
  const navigate = useNavigate();
  useEffect(() => {
    track(
      planEvents.viewPlans(
        market.site,
        LIST_ID,
        [...plans.postpaidPlans, ...plans.hybridPlans, ...plans.blue].map((p) => planEventItem(p, market.currency)),
      ),
    );
  }, [plans, market.site, market.currency]);

  /** Contract online (the plans journey) or ask for the SIM to be delivered (the mobile request). */
  const choose = async (plan: Plan, next: string) => {
    track(planEvents.selectPlan(market.site, LIST_ID, planEventItem(plan, market.currency)));
    const chosen = await whileBusy(() => choosePlan(plan.id));
    if (chosen?.success) navigate(next);
  };
  const contract = (plan: Plan) => choose(plan, plansPaths.identification);

  return (
    <>
      <header className="hero">
        <h1>{t('offers.regular.title')}</h1>
        <p>{t('offers.regular.intro')}</p>
        {signedIn && (
          <Link className="button button-ghost" to="/personas/oferta-perfilada">
            {t('offers.profiledLink')}
          </Link>
        )}
      </header>
      <section className="page" aria-label={t('offers.regular.title')}>
        <PlanSelector
          groups={plans}
          defaultTab={plans.defaultTab}
          selectable={false}
          onSelect={contract}
          renderActions={(plan) => (
            <>
              <button type="button" className="button button-wide" onClick={() => contract(plan)}>
                {t('offers.contract', { plan: plan.planName })}
              </button>
              <button type="button" className="button button-ghost button-wide" onClick={() => choose(plan, MOBILE_PATHS.delivery)}>
                {t('offers.requestSim', { plan: plan.planName })}
              </button>
            </>
          )}
        />
      </section>
    </>
  );
}
