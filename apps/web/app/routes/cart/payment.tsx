import { useEffect, useState } from 'react';
import { useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { CheckoutStep, cartEvents, events } from '@andes/domain/analytics';
import { roundForEvent } from '@andes/domain/money';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { ui } from '../../lib/ui-events.ts';
import { CheckoutSteps } from '../../features/cart/steps.tsx';
import { CartSummary } from '../../features/cart/cart-summary.tsx';
import { useMoney } from '../../features/cart/money.ts';
import type { Cart, OrderView } from '../../features/cart/types.ts';
import '../../features/cart/cart.css';

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'checkout.payment.title');

/** Only these keys may come back from the gateway return in the address. */
const RETURN_ERRORS = ['pp.error.payment.rejected', 'pp.error.payment.aborted', 'Error.Interface.Integration.ConnectRealService'];

export async function loader({ request: req, context }: LoaderArgs) {
  const url = new URL(req.url);
  const error = url.searchParams.get('error');
  const res = await context.api<{ order: OrderView | null; shoppingCart: Cart }>('/restpp/order');
  return {
    order: res.body.order ?? null,
    cart: res.body.shoppingCart,
    error: error && RETURN_ERRORS.includes(error) ? error : null,
    failedOrder: url.searchParams.get('order'),
  };
}

export default function Payment() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const money = useMoney();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [method, setMethod] = useState('webPay');
  const totals = data.order ?? data.cart;
  const lines = data.order?.lines ?? data.cart.items.map((i) => ({ id: i.id, name: i.name, color: i.color ?? '', quantity: i.quantity, unitPrice: i.price }));

  useEffect(() => {
    track(events.checkoutStep(market.site, CheckoutStep.payment));
    if (data.error) track(cartEvents.paymentFailure(market.site, data.failedOrder ?? '', data.error));
  }, [market.site, data.error, data.failedOrder]);

  async function pay() {
    setBusy(true);
    ui.loading(true, t('checkout.payment.redirecting'));
    track(cartEvents.addPaymentInfo(market.site, market.currency, roundForEvent(totals.totalPrice, market.currency), method));
    if (!data.order) {
      // after a rejected payment the cart makes a new order (the failed one stays unpaid)
      const created = await request({ url: '/restpp/order/create' });
      if (!created?.success) {
        ui.loading(false);
        setBusy(false);
        if (typeof created?.redirectRUL === 'string') navigate(created.redirectRUL);
        return;
      }
    }
    const body = await request({ url: `/restpp/order/payment?paymentMethod=${method}` });
    const url = body?.success && typeof body.url === 'string' ? body.url : null;
    if (url) {
      window.location.assign(url);
      return;
    }
    ui.loading(false);
    setBusy(false);
    if (typeof body?.redirectRUL === 'string') navigate(body.redirectRUL);
  }

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
              <li key={l.id}>{t('order.line', { quantity: l.quantity, name: l.name, color: l.color, price: money(l.unitPrice * l.quantity) })}</li>
            ))}
          </ul>
          {data.order?.delivery && (
            <p>{t(data.order.deliveryType === 'storePickup' ? 'checkout.payment.pickupAt' : 'checkout.payment.deliveryTo', { address: data.order.delivery.text, store: data.order.delivery.text })}</p>
          )}
          <fieldset>
            <legend>{t('checkout.payment.method')}</legend>
            <label>
              <input type="radio" name="paymentMethod" value="webPay" checked={method === 'webPay'} onChange={() => setMethod('webPay')} /> {t('checkout.payment.webPay')}
            </label>
          </fieldset>
        </div>
        <CartSummary totals={totals}>
          <button type="button" className="button button-wide" disabled={busy || lines.length === 0} onClick={pay}>
            {t('checkout.payment.pay', { total: money(totals.totalPrice) })}
          </button>
        </CartSummary>
      </div>
    </section>
  );
}
