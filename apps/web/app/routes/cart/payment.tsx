import { useEffect, useState } from 'react';
import { useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { CheckoutStep, events } from '@andes/domain/analytics';
import { cartEvents } from '@andes/domain/analytics-shop';
import { formatCount, roundForEvent } from '@andes/domain/money';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import type { ApiBody } from '@andes/contract/envelope';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { ui } from '../../lib/ui-events.ts';
import { CheckoutSteps } from '../../features/cart/steps.tsx';
import { createOrder } from '../../features/cart/create-order.ts';
import { CartSummary } from '../../features/cart/cart-summary.tsx';
import { PaymentMethods, firstUsable, offersInstallments } from '../../features/cart/payment-methods.tsx';
import { useMoney } from '../../features/cart/money.ts';
import { RecaptchaCheck } from '../../features/cart/recaptcha-check.tsx';
import { BlueQuotas } from '../../features/cart/blue-quotas.tsx';
import { RenewalFor } from '../../features/cart/renewal-for.tsx';
import '../../features/cart/cart.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('cart', 'phonePlan');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'checkout.payment.title');

/** Only these keys may come back from the gateway return in the address. */
const RETURN_ERRORS = ['pp.error.payment.rejected', 'pp.error.payment.aborted', 'pp.error.payment.late', 'Error.Interface.Integration.ConnectRealService'];

export async function loader({ request: req, context }: LoaderArgs) {
  const url = new URL(req.url);
  const error = url.searchParams.get('error');
  const [res, po] = await Promise.all([
    context.api<'GET /restpp/order'>('/restpp/order'),
    context.api<'GET /restpp/order/payment/po'>('/restpp/order/payment/po'),
  ]);
  return {
    order: res.body.order ?? null,
    cart: res.body.shoppingCart,
    options: po.body.success ? po.body : null,
    error: error && RETURN_ERRORS.includes(error) ? error : null,
    failedOrder: url.searchParams.get('order'),
  };
}

const firstMessage = (body: ApiBody | null) => body?.response?.systemMessage?.[0]?.messages?.[0] ?? null;

export default function Payment() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const money = useMoney();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [method, setMethod] = useState(() => firstUsable(data.options));
  const [phoneNumber, setPhoneNumber] = useState(data.options?.pointLines[0]?.phoneNumber ?? '');
  // 0: a single payment; a card may split the total in the installments the purchase advertised
  const [installments, setInstallments] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const totals = data.order ?? data.cart;
  const lines =
    data.order?.lines ??
    data.cart.items.map((i) => ({
      id: i.id,
      name: i.name,
      color: i.color ?? '',
      quantity: i.quantity,
      unitPrice: i.price,
      renewal: i.renewal,
      planPhoneNumber: i.planPhoneNumber,
      quotasValue: i.quotasValue ?? null,
      quotaAmount: i.quotas ?? null,
      initialQuota: i.initialQuota ?? null,
    }));
  const kind = data.options?.paymentMethods.find((m) => m.id === method)?.kind ?? 'gateway';
  // one figure for the points this purchase uses: what paying with points will take, else what the order or cart already uses
  const pointsUsed = kind === 'points' ? (data.options?.pointsNeeded ?? 0) : data.order ? data.order.pointsUsed : data.cart.totalPointUsed;
  const [human, setHuman] = useState(false);
  const recaptcha = data.options?.recaptcha;
  const needsHuman = (kind === 'offline' || kind === 'cashCode') && !!recaptcha?.required && !human;

  useEffect(() => {
    track(events.checkoutStep(market.site, CheckoutStep.payment));
    if (data.error) track(cartEvents.paymentFailure(market.site, data.failedOrder ?? '', data.error));
  }, [market.site, data.error, data.failedOrder]);

  function stop(body: ApiBody | null) {
    ui.loading(false);
    setBusy(false);
    setFailure(firstMessage(body));
    if (typeof body?.redirectRUL === 'string') navigate(body.redirectRUL);
  }

  async function pay() {
    setBusy(true);
    setFailure(null);
    ui.loading(true, t(kind === 'gateway' ? 'checkout.payment.redirecting' : 'shell.loading'));
    track(cartEvents.addPaymentInfo(market.site, market.currency, roundForEvent(totals.totalPrice, market.currency), method));
    if (!data.order) {
      // a rejected card leaves its order open and the retry pays it (a new attempt); only an order
      // that expired or gave way to a changed cart needs making again
      const created = await createOrder(market);
      if (!created?.success) return stop(created);
    }
    // the customer confirms the method first (SPEC §7 updateOrderPaymentFlag); the server refuses to place
    // an order that holds stock unpaid without it
    const confirmed = await request({ url: `/restpp/order/updateOrderPaymentFlag?paymentMethod=${encodeURIComponent(method)}`, failurePopup: 'false' });
    if (!confirmed?.success) return stop(confirmed);
    const points = method === 'points' && phoneNumber ? `&phoneNumber=${encodeURIComponent(phoneNumber)}` : '';
    const split = offersInstallments(data.options, method) && installments > 1 ? `&installments=${installments}` : '';
    const body = await request({ url: `/restpp/order/payment?paymentMethod=${encodeURIComponent(method)}${points}${split}`, failurePopup: 'false' });
    const url = body?.success && typeof body.url === 'string' ? body.url : null;
    if (url) {
      window.location.assign(url);
      return;
    }
    stop(body);
  }

  const label =
    kind === 'offline' || kind === 'cashCode'
      ? t('checkout.payment.place', { total: money(totals.totalPrice) })
      : kind === 'points'
        ? t('checkout.payment.payPoints', { points: formatCount(pointsUsed, market.currency) })
        : t('checkout.payment.pay', { total: money(totals.totalPrice) });

  return (
    <section className="page">
      <CheckoutSteps current="payment" />
      <h1>{t('checkout.payment.title')}</h1>
      {data.error && (
        <div className="alert alert-error" role="alert">
          <strong>{t('checkout.payment.failed')}</strong> <span>{t(data.error)}</span>
        </div>
      )}
      <div className="cart-layout">
        <div>
          <h2>{t('order.lines')}</h2>
          <ul>
            {lines.map((l) => (
              <li key={l.id}>
                {t('order.line', { quantity: l.quantity, name: l.name, color: l.color, price: money(l.unitPrice * l.quantity) })}
                <RenewalFor line={l} />
                <BlueQuotas line={l} />
              </li>
            ))}
          </ul>
          {data.order?.delivery && (
            <p>
              {t(data.order.deliveryType === 'storePickup' ? 'checkout.payment.pickupAt' : 'checkout.payment.deliveryTo', {
                address: data.order.delivery.text,
                store: data.order.delivery.text,
              })}
            </p>
          )}
          {data.options && (
            <PaymentMethods
              options={data.options}
              method={method}
              onMethod={setMethod}
              phoneNumber={phoneNumber}
              onPhoneNumber={setPhoneNumber}
              total={totals.totalPrice}
              installments={installments}
              onInstallments={setInstallments}
            />
          )}
        </div>
        <CartSummary totals={totals} pointsUsed={pointsUsed}>
          <div aria-live="polite">
            {failure && (
              <p className="alert alert-error" role="alert">
                {failure}
              </p>
            )}
          </div>
          {recaptcha && (kind === 'offline' || kind === 'cashCode') && recaptcha.required && (
            <RecaptchaCheck provider={recaptcha.provider} onVerified={() => setHuman(true)} />
          )}
          <button type="button" className="button button-wide" disabled={busy || lines.length === 0 || !method || needsHuman} onClick={pay}>
            {label}
          </button>
        </CartSummary>
      </div>
    </section>
  );
}
