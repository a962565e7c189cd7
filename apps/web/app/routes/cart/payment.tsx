import { useEffect, useState } from 'react';
import { useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { CheckoutStep, events } from '@andes/domain/analytics';
import { cartEvents } from '@andes/domain/analytics-shop';
import { formatCount, roundForEvent } from '@andes/domain/money';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import type { ApiBody } from '@andes/contract/envelope';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { holdBusy, useBusyFlag } from '../../lib/busy.ts';
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
import { LineAmounts, LineName } from '../../features/cart/line-amounts.tsx';

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
  const [busy, setBusy] = useBusyFlag();
  const [method, setMethod] = useState(() => firstUsable(data.options));
  const [phoneNumber, setPhoneNumber] = useState(data.options?.pointLines[0]?.phoneNumber ?? '');
  // 0: a single payment; a card may split the total in the installments the purchase advertised
  const [installments, setInstallments] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  // the gateway's rejection shows until the customer tries again, then only the new try's outcome does
  const [returned, setReturned] = useState(data.error);
  useEffect(() => setReturned(data.error), [data.error]);
  const totals = data.order ?? data.cart;
  const lines =
    data.order?.lines ??
    data.cart.items.map((i) => ({
      id: i.id,
      type: i.type,
      name: i.name,
      color: i.color ?? '',
      quantity: i.quantity,
      unitPrice: i.price,
      monthlyPrice: i.monthlyPrice,
      listMonthlyPrice: i.listMonthlyPrice ?? null,
      promotion: i.promotion ?? null,
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
  useEffect(() => {
    if (!data.error) return;
    // told once: the address loses the gateway's answer, so a reload or a bookmark never replays an old rejection
    const url = new URL(window.location.href);
    url.searchParams.delete('error');
    url.searchParams.delete('order');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [data.error]);

  function stop(body: ApiBody | null, release: () => void) {
    release();
    setBusy(false);
    setFailure(firstMessage(body));
    if (typeof body?.redirectRUL === 'string') navigate(body.redirectRUL);
  }

  async function pay() {
    setBusy(true);
    setFailure(null);
    setReturned(null);
    // the overlay stays while the browser leaves for the gateway; coming back from it (back button,
    // back-forward cache) ends it with the page's change
    const release = holdBusy(t(kind === 'gateway' ? 'checkout.payment.redirecting' : 'shell.loading'));
    try {
      await placeAndPay(release);
    } catch (error) {
      release();
      throw error;
    }
  }

  async function placeAndPay(release: () => void) {
    track(cartEvents.addPaymentInfo(market.site, market.currency, roundForEvent(totals.totalPrice, market.currency), method));
    if (!data.order) {
      // a rejected card leaves its order open and the retry pays it (a new attempt); only an order
      // that expired or gave way to a changed cart needs making again
      const created = await createOrder(market);
      if (!created?.success) return stop(created, release);
    }
    // the customer confirms the method first (SPEC §7 updateOrderPaymentFlag); the server refuses to place
    // an order that holds stock unpaid without it
    const confirmed = await request({ url: `/restpp/order/updateOrderPaymentFlag?paymentMethod=${encodeURIComponent(method)}`, failurePopup: 'false' });
    if (!confirmed?.success) return stop(confirmed, release);
    const points = method === 'points' && phoneNumber ? `&phoneNumber=${encodeURIComponent(phoneNumber)}` : '';
    const split = offersInstallments(data.options, method) && installments > 1 ? `&installments=${installments}` : '';
    const body = await request({ url: `/restpp/order/payment?paymentMethod=${encodeURIComponent(method)}${points}${split}`, failurePopup: 'false' });
    const url = body?.success && typeof body.url === 'string' ? body.url : null;
    track(cartEvents.orderUrl(market.site, method, url));
    if (url) {
      window.location.assign(url);
      return;
    }
    stop(body, release);
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
      {returned && (
        <div className="alert alert-error" role="alert">
          <strong>{t('checkout.payment.failed')}</strong> <span>{t(returned)}</span>
        </div>
      )}
      <div className="cart-layout">
        <div>
          <h2>{t('order.lines')}</h2>
          <ul>
            {lines.map((l) => (
              <li key={l.id}>
                <LineName line={l} />
                <RenewalFor line={l} />
                {/* a Blue phone says its initial quota and monthly quotas in one sentence */}
                {l.quotasValue ? <BlueQuotas line={l} /> : <LineAmounts line={l} />}
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
