import { useEffect, useState } from 'react';
import { redirect, useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { CheckoutStep, events } from '@andes/domain/analytics';
import { checkoutFieldTypes, checkoutRuleSets } from '@andes/domain/checkout-validation';
import { isPhonePurchasePath, PHONE_PURCHASE_PATHS } from '@andes/domain/phone-purchase';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { useForm } from '../../lib/form.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { ui } from '../../lib/ui-events.ts';
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
  const profile = await context.api<'POST /REST/profile/current'>('/REST/profile/current', { method: 'POST' });
  if (profile.body.profile?.securityStatus === 4) throw redirect(phonePurchase ? PHONE_PURCHASE_PATHS.insurance : '/carrito-compra');
  return { phonePurchase };
}

export default function Identification() {
  const { phonePurchase } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const navigate = useNavigate();
  const types = checkoutFieldTypes(market);
  const form = useForm({
    schema: checkoutRuleSets.guest(market),
    market,
    fields: {
      name: { type: types.name, maxLength: 80 },
      document: { type: types.document, maxLength: market.document.length },
      email: { type: types.email, maxLength: 120 },
      phoneNumber: { type: types.phoneNumber, maxLength: market.phoneLength },
    },
  });
  const [busy, setBusy] = useState(false);
  useEffect(
    () => track(events.checkoutStep(market.site, CheckoutStep.identification, phonePurchase ? { journey: 'phone' } : {})),
    [market.site, phonePurchase],
  );

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    form.touchAll();
    if (!form.canSubmit) return;
    setBusy(true);
    ui.loading(true);
    const saved = await request({ url: '/restpp/order/customer/info', method: 'PUT', contentType: 'json', data: form.values });
    if (!saved?.success) {
      ui.loading(false);
      setBusy(false);
      if (saved?.validationError) form.setServerErrors(saved.validationError);
      return;
    }
    if (phonePurchase) {
      navigate(PHONE_PURCHASE_PATHS.insurance);
      return;
    }
    const created = await createOrder(market);
    ui.loading(false);
    if (created?.success) navigate('/personas/flujo-compra/datos-despacho');
    // a failed creation was stored by the server: the cart (or the stock page) shows it
    else navigate(typeof created?.redirectRUL === 'string' ? created.redirectRUL : '/carrito-compra');
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
        <form onSubmit={submit} noValidate>
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
