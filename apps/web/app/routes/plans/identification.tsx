import { useEffect, useState } from 'react';
import { redirect, useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { CheckoutStep, events } from '@andes/domain/analytics';
import { checkoutFieldTypes, checkoutRuleSets } from '@andes/domain/checkout-validation';
import { plansPaths } from '@andes/domain/plans-sale';
import { isSignedIn, pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { useForm } from '../../lib/form.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { useBusyFlag, whileBusy } from '../../lib/busy.ts';
import { Field } from '../../ui/field.tsx';
import { PlanSteps } from '../../features/plans/plan-steps.tsx';
import { PlanCard } from '../../features/plans/plan-card.tsx';
import { LineKindChoice } from '../../features/plans/line-kind.tsx';
import { choosePlan } from '../../features/plans/journey.ts';
import { planFlowFields } from '../../features/plans/journey-flow.ts';
import '../../features/cart/cart.css';
import '../../features/plans/plans.css';
import { messageGroups } from '../../lib/message-groups.ts';
import { dispatchIntent, INTENT, useFormAction, useFormRefusal } from '../../lib/form-action.ts';
import { FormRefusalMessage } from '../../ui/form-refusal.tsx';
import { identifyForPlan } from '../../features/plans/plan-line.server.ts';
import type { Answer } from '@andes/contract/caller';

export const handle = messageGroups('cart', 'plans');

/** The buyer the form starts from: the customer's own details, or the guest the cart names. */
type Guest = Pick<NonNullable<Answer<'GET /restpp/order/customer/info'>['customer']>, 'name' | 'document' | 'email' | 'phoneNumber'>;

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'plans.identification.title');

/** "Tus datos" of the plans journey: the chosen plan, new number or portability, and who contracts it. */
export async function loader({ context }: LoaderArgs) {
  const [profile, selection, info] = await Promise.all([
    context.api<'POST /REST/profile/current'>('/REST/profile/current', { method: 'POST' }),
    context.api<'GET /restpp/order/select/plan'>('/restpp/order/select/plan'),
    context.api<'GET /restpp/order/customer/info'>('/restpp/order/customer/info'),
  ]);
  if (!selection.body.selectedPlan) throw redirect(context.market.planCatalogueHome);
  const guest: Guest | null = info.body.customer ?? null;
  return { plan: selection.body.selectedPlan, isPortability: selection.body.isPortability, signedIn: isSignedIn(profile.body.profile), guest };
}

/** POST: "Tus datos" without JavaScript. */
export async function action(args: LoaderArgs) {
  const { request, context } = args;
  const page = await loader(args);
  return dispatchIntent(request, { identify: (fields) => identifyForPlan(context, fields, { planId: page.plan.id, signedIn: page.signedIn }) });
}

export default function PlansIdentification() {
  const { plan, isPortability, signedIn, guest } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const navigate = useNavigate();
  const types = checkoutFieldTypes(market);
  const formAction = useFormAction();
  const refusal = useFormRefusal();
  const [portability, setPortability] = useState(refusal ? refusal.fields.lineKind === 'portability' : isPortability);
  const [busy, setBusy] = useBusyFlag();
  const form = useForm({
    schema: checkoutRuleSets.guest(market),
    market,
    fields: {
      name: { type: types.name, maxLength: 80, noVerify: signedIn },
      document: { type: types.document, maxLength: market.document.length, noVerify: signedIn },
      email: { type: types.email, maxLength: 120, noVerify: signedIn },
      phoneNumber: { type: types.phoneNumber, maxLength: market.phoneLength, noVerify: signedIn },
    },
    initial: signedIn ? undefined : (refusal?.fields ?? guest ?? undefined),
    initialErrors: refusal?.fieldErrors,
  });
  useEffect(
    () => track(events.checkoutStep(market.site, CheckoutStep.identification, planFlowFields(signedIn, isPortability))),
    [market.site, signedIn, isPortability],
  );

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!signedIn) {
      form.touchAll();
      if (!form.canSubmit) return;
    }
    setBusy(true);
    // the overlay lasts until the next page shows; a refusal keeps the customer here with the button back
    const moved = await whileBusy(async () => {
      if (!(await choosePlan(plan.id, portability, signedIn ? 'additionalLine' : 'newLine'))?.success) return false;
      if (signedIn) {
        await navigate(plansPaths.billing);
        return true;
      }
      const saved = await request({ url: '/restpp/order/customer/info', method: 'PUT', contentType: 'json', data: form.values });
      if (!saved?.success) {
        if (saved?.validationError) form.setServerErrors(saved.validationError);
        return false;
      }
      const known = await request({ url: '/restpp/order/v3/customer/active', method: 'POST', contentType: 'json', data: { document: form.values.document } });
      // refused (too many lookups): the popup says so and the visitor stays on the form
      if (!known?.success) return false;
      await navigate(known?.customerActive === true ? plansPaths.keepIdentification : plansPaths.billing);
      return true;
    });
    if (!moved) setBusy(false);
  }

  const successurl = encodeURIComponent(plansPaths.billing);
  return (
    <section className="page narrow">
      <PlanSteps current="identification" />
      <h1>{t('plans.identification.title')}</h1>
      <div className="cart-layout">
        <form method="post" action={formAction} onSubmit={submit} noValidate>
          <input type="hidden" name={INTENT} value="identify" />
          <FormRefusalMessage refusal={refusal} />
          <LineKindChoice portability={portability} onChange={setPortability} />
          {!signedIn && (
            <fieldset>
              <legend>{t('plans.identification.intro')}</legend>
              <Field {...form.register('name')} label={t('checkout.field.name')} autoComplete="name" error={form.errorFor('name')} />
              <Field
                {...form.register('document')}
                label={t('checkout.field.document')}
                hint={t('checkout.field.documentHint')}
                error={form.errorFor('document')}
              />
              <Field {...form.register('email')} type="email" label={t('checkout.field.email')} autoComplete="email" error={form.errorFor('email')} />
              <Field
                {...form.register('phoneNumber')}
                label={t('checkout.field.phone')}
                hint={t('checkout.field.phoneHint')}
                inputMode="numeric"
                autoComplete="tel-national"
                error={form.errorFor('phoneNumber')}
              />
            </fieldset>
          )}
          <button type="submit" className="button button-wide" disabled={busy || (!signedIn && !form.canSubmit)}>
            {t('checkout.continue')}
          </button>
          {!signedIn && (
            <p>
              {t('plans.identification.login')} <a href={`${market.loginPath}?successurl=${successurl}`}>{t('plans.identification.loginCta')}</a>
            </p>
          )}
        </form>
        <aside aria-label={t('plans.chosen.title')}>
          <PlanCard plan={plan} selected headingLevel={2} />
          <a href={market.planCatalogueHome}>{t('plans.chosen.change')}</a>
        </aside>
      </div>
    </section>
  );
}
