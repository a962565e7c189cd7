import { useLoaderData, type MetaFunction } from 'react-router';
import { plansPaths } from '@andes/domain/plans-sale';
import { pageTitle, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { PlanSteps } from '../../features/plans/plan-steps.tsx';
import { PlanPicker } from '../../features/plans/plan-picker-page.tsx';
import '../../features/cart/cart.css';
import '../../features/plans/plans.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('cart', 'plans');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'plans.chosen.title');

/** "Tu plan": the plan selector with the plan chosen so far, before the buyer's data. */
export async function loader({ context }: LoaderArgs) {
  const res = await context.api<'GET /restpp/subscriber/plans'>('/restpp/subscriber/plans?activeSimType=newLine');
  if (!res.body.success) throw new Response('Plans unavailable', { status: res.status });
  return { plans: res.body };
}

export default function YourPlan() {
  const { plans } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="page">
      <PlanSteps current="identification" />
      <h1>{t('plans.chosen.title')}</h1>
      <PlanPicker plans={plans} listId="tuplan" next={plansPaths.identification} continueLabel={t('checkout.continue')} />
    </section>
  );
}
