import { useEffect } from 'react';
import { redirect, useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { CheckoutStep, events } from '@andes/domain/analytics';
import { checkoutRuleSets } from '@andes/domain/checkout-validation';
import { isPhonePurchasePath, PHONE_PURCHASE_PATHS } from '@andes/domain/phone-purchase';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { useForm } from '../../lib/form.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { useBusyFlag, whileBusy } from '../../lib/busy.ts';
import { dispatchIntent, INTENT, useFormAction, useFormRefusal } from '../../lib/form-action.ts';
import { FormRefusalMessage } from '../../ui/form-refusal.tsx';
import { identifyGuest } from '../../features/cart/checkout-forms.server.ts';
import { CHECKOUT_PATHS, checkoutFieldSpecs } from '../../features/cart/checkout-fields.ts';
import { Field } from '../../ui/field.tsx';
import { CheckoutSteps } from '../../features/cart/steps.tsx';
import { createOrder } from '../../features/cart/create-order.ts';
import '../../features/cart/cart.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('cart');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'checkout.identification.title');

/**
 * The checkout's identification (/personas/flujo-compra/identificacion) and the phone purchase's
 * (/personas/producto/identificacion, decision 022): the same step; a phone purchase goes on to its
 * insurance offer (signing in comes back there too) instead of making the order at once.
 */
export async function loader({ request, context }: LoaderArgs) {
  const phonePurchase = isPhonePurchasePath(new URL(request.url).pathname);
  const [profile, info] = await Promise.all([
    context.api<'POST /REST/profile/current'>('/REST/profile/current', { method: 'POST' }),
    context.api<'GET /restpp/order/customer/info'>('/restpp/order/customer/info'),
  ]);
  if (profile.body.profile?.securityStatus === 4) throw redirect(phonePurchase ? PHONE_PURCHASE_PATHS.insurance : CHECKOUT_PATHS.cart);
  // back from a later step: the form shows the buyer the cart already names
  const guest = info.body.customer;
  return {
    phonePurchase,
    guest: guest ? { name: guest.name, document: guest.document, email: guest.email, phoneNumber: guest.phoneNumber } : null,
  };
}

/** POST: the guest's identification without JavaScript (POST with the page token, never the data in the address). */
export async function action(args: LoaderArgs) {
  const { request, context } = args;
  const { phonePurchase } = await loader(args);
  return dispatchIntent(request, { identify: (fields) => identifyGuest(context, fields, phonePurchase) });
}

export default function Identification() {
  const { phonePurchase, guest } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const navigate = useNavigate();
  const formAction = useFormAction();
  const refusal = useFormRefusal();
  const form = useForm({
    schema: checkoutRuleSets.guest(market),
    market,
    fields: checkoutFieldSpecs(market).guest,
    initial: refusal?.fields ?? guest ?? undefined,
    initialErrors: refusal?.fieldErrors,
  });
  const [busy, setBusy] = useBusyFlag();
  useEffect(
    () => track(events.checkoutStep(market.site, CheckoutStep.identification, phonePurchase ? { journey: 'phone' } : {})),
    [market.site, phonePurchase],
  );

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    form.touchAll();
    if (!form.canSubmit) return;
    setBusy(true);
    // the overlay lasts until the next page shows (or the answer keeps the customer here)
    await whileBusy(async () => {
      const saved = await request({ url: '/restpp/order/customer/info', method: 'PUT', contentType: 'json', data: form.values });
      if (!saved?.success) {
        setBusy(false);
        if (saved?.validationError) form.setServerErrors(saved.validationError);
        return;
      }
      if (phonePurchase) return navigate(PHONE_PURCHASE_PATHS.insurance);
      const created = await createOrder(market);
      if (created?.success) return navigate(CHECKOUT_PATHS.delivery);
      // a failed creation was stored by the server: the cart (or the stock page) shows it
      return navigate(typeof created?.redirectRUL === 'string' ? created.redirectRUL : CHECKOUT_PATHS.cart);
    });
  }

  const successurl = encodeURIComponent(phonePurchase ? PHONE_PURCHASE_PATHS.insurance : '/carrito-compra');
  return (
    <section className="page narrow">
      <CheckoutSteps current="identification" />
      <h1>{t('checkout.identification.title')}</h1>
      <section aria-labelledby="login-title">
        <h2 id="login-title">{t('checkout.identification.login')}</h2>
        <a className="button" href={`${market.loginPath}?successurl=${successurl}`}>
          {t('checkout.identification.loginCta')}
        </a>
      </section>
      <section aria-labelledby="guest-title">
        <h2 id="guest-title">{t('checkout.identification.guest')}</h2>
        <form method="post" action={formAction} onSubmit={submit} noValidate>
          <input type="hidden" name={INTENT} value="identify" />
          <FormRefusalMessage refusal={refusal?.fieldErrors ? undefined : refusal} />
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
          <button type="submit" className="button button-wide" disabled={!form.canSubmit || busy}>
            {t('checkout.continue')}
          </button>
        </form>
      </section>
    </section>
  );
}
