import { useEffect } from 'react';
import { redirect, useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { CheckoutStep, events } from '@andes/domain/analytics';
import { isSignedIn, pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { PlanSteps } from '../../features/plans/plan-steps.tsx';
import { PlanPicker } from '../../features/plans/plan-picker-page.tsx';
import { planFlowFields } from '../../features/plans/journey-flow.ts';
import { continueJourney } from '../../features/portability/journey.ts';
import '../../features/cart/cart.css';
import '../../features/plans/plans.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('cart', 'plans', 'portability');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'plans.additional.title');

/**
 * "Líneas adicionales": a signed-in customer adds a line with a plan to their account; continue runs
 * the journey's checks first (identity questions, the credit check), then billing delivery.
 */
export async function loader({ request, context }: LoaderArgs) {
  const profile = await context.api<'POST /REST/profile/current'>('/REST/profile/current', { method: 'POST' });
  if (!isSignedIn(profile.body.profile)) {
    throw redirect(`${context.market.loginPath}?successurl=${encodeURIComponent(new URL(request.url).pathname)}`);
  }
  const [assets, plans] = await Promise.all([
    context.api<'GET /restpp/assets'>('/restpp/assets'),
    context.api<'GET /restpp/subscriber/plans'>('/restpp/subscriber/plans?activeSimType=additionalLine'),
  ]);
  if (!plans.body.success) throw new Response('Plans unavailable', { status: plans.status });
  return { lineCount: assets.body.assets?.length ?? 0, plans: plans.body };
}

export default function AdditionalLines() {
  const { lineCount, plans } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const navigate = useNavigate();
  useEffect(() => track(events.checkoutStep(market.site, CheckoutStep.newLineWithPlan, planFlowFields(true, false))), [market.site]);
  return (
    <section className="page">
      <PlanSteps current="additionalLine" additionalLine />
      <h1>{t('plans.additional.title')}</h1>
      <p>{t('plans.additional.intro', { count: lineCount })}</p>
      <PlanPicker
        plans={plans}
        listId="lineasadicionales"
        activeSimType="additionalLine"
        onContinue={() => continueJourney(navigate)}
        continueLabel={t('plans.additional.continue')}
      />
    </section>
  );
}
