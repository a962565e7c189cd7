import { useEffect, useState } from 'react';
import { redirect, useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { CheckoutStep, events } from '@andes/domain/analytics';
import { billingDeliveryNext, pathAfterBilling, planEvents } from '@andes/domain/plans-sale';
import { isSignedIn, pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { whileBusy } from '../../lib/busy.ts';
import { PlanSteps } from '../../features/plans/plan-steps.tsx';
import { PlanCard } from '../../features/plans/plan-card.tsx';
import { BillingDeliveryForm } from '../../features/plans/billing-delivery.tsx';
import { addPlanLine, planEventItem } from '../../features/plans/journey.ts';
import { planFlowFields } from '../../features/plans/journey-flow.ts';
import type { BillingContact } from '../../features/plans/types.ts';
import '../../features/cart/cart.css';
import '../../features/plans/plans.css';
import { messageGroups } from '../../lib/message-groups.ts';
import { dispatchIntent, useFormAction, useFormRefusal } from '../../lib/form-action.ts';
import { FormRefusalMessage } from '../../ui/form-refusal.tsx';
import { addPlanToCart } from '../../features/plans/plan-line.server.ts';

export const handle = messageGroups('cart', 'plans');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'plans.billing.title');

/** "Recibir boleta": where the monthly bill goes; then the plan goes into the cart (SPEC §4 "Billing delivery"). */
export async function loader({ context }: LoaderArgs) {
  const [profile, selection, info] = await Promise.all([
    context.api<'POST /REST/profile/current'>('/REST/profile/current', { method: 'POST' }),
    context.api<'GET /restpp/order/select/plan'>('/restpp/order/select/plan'),
    context.api<'GET /restpp/order/customer/info'>('/restpp/order/customer/info'),
  ]);
  if (!selection.body.selectedPlan) throw redirect(context.market.planCatalogueHome);
  const customer = info.body.customer;
  return {
    plan: selection.body.selectedPlan,
    isPortability: selection.body.isPortability,
    signedIn: isSignedIn(profile.body.profile),
    phoneNumber: customer?.phoneNumber ?? profile.body.profile?.phoneNumber ?? '',
    email: customer?.email ?? '',
  };
}

/** POST: "Recibir boleta" without JavaScript puts the plan in the cart. */
export async function action(args: LoaderArgs) {
  const page = await loader(args);
  return dispatchIntent(args.request, {
    addPlan: (fields) => addPlanToCart(args.context, fields, { planId: page.plan.id, isPortability: page.isPortability, signedIn: page.signedIn }),
  });
}

export default function PlansBilling() {
  const { plan, isPortability, signedIn, phoneNumber, email } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const formAction = useFormAction();
  const refusal = useFormRefusal();
  useEffect(
    () => track(events.checkoutStep(market.site, CheckoutStep.newLineWithPlan, planFlowFields(signedIn, isPortability))),
    [market.site, signedIn, isPortability],
  );

  async function submit(contact: BillingContact) {
    setBusy(true);
    const added = await whileBusy(() => addPlanLine(plan, isPortability, contact));
    if (!added?.success) {
      setBusy(false);
      return;
    }
    track(planEvents.addToCart(market.site, market.currency, planEventItem(plan, market.currency)));
    navigate(pathAfterBilling(billingDeliveryNext(market, signedIn), isPortability));
  }

  return (
    <section className="page">
      <PlanSteps current="identification" />
      <div className="cart-layout">
        <div>
          <FormRefusalMessage refusal={refusal} />
          <BillingDeliveryForm
            headingLevel={1}
            planPhoneNumber={phoneNumber}
            initialEmail={email}
            busy={busy}
            onSubmit={submit}
            post={{ action: formAction, intent: 'addPlan', refused: refusal?.fields }}
          />
        </div>
        <aside aria-label={t('plans.chosen.title')}>
          <PlanCard plan={plan} selected headingLevel={2} />
        </aside>
      </div>
    </section>
  );
}
