import { useEffect } from 'react';
import { redirect, useLoaderData, type MetaFunction } from 'react-router';
import { cartEvents } from '@andes/domain/analytics-shop';
import { roundForEvent } from '@andes/domain/money';
import { formatPhone } from '@andes/domain/documents';
import { isAcceptedOrder } from '@andes/domain/order-state';
import { formatDateInZone, formatTimeInZone } from '@andes/domain/dates';
import { portWindowEnd } from '@andes/domain/delivery-promise';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { CartSummary } from '../../features/cart/cart-summary.tsx';
import { LineAmounts, LineName } from '../../features/cart/line-amounts.tsx';
import { analyticsItems } from '../../features/cart/money.ts';
import { PaymentFacts } from '../../features/cart/payment-facts.tsx';
import { billingChannels } from '../../features/plans/billing-channels.ts';
import '../../features/cart/cart.css';
import '../../features/plans/plans.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('cart', 'plans');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'plans.success.title');

/** The accepted plan order (paid, or placed to pay on hand-over, at any step of its delivery) and the lines it opened (new numbers); a plan being ported shows as in progress. */
export async function loader({ request, context }: LoaderArgs) {
  const number = new URL(request.url).searchParams.get('order') ?? '';
  const [status, activation] = await Promise.all([
    context.api<'GET /restpp/order/status'>(`/restpp/order/status?order=${encodeURIComponent(number)}`),
    context.api<'GET /restpp/order/plan/activation'>(`/restpp/order/plan/activation?order=${encodeURIComponent(number)}`),
  ]);
  if (!status.body.success) throw redirect('/carrito-compra');
  if (!isAcceptedOrder(status.body.order.status)) throw redirect(`/personas/planes/lineasadicionales/encurso?order=${encodeURIComponent(number)}`);
  return { order: status.body.order, lines: activation.body.success ? activation.body.lines : [] };
}

export default function PlansSuccess() {
  const { order, lines } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  useEffect(() => {
    // once per order, even if the page is reloaded
    const key = `purchase:${order.number}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    // analyticsItems counts a multi_ plan as 2
    const items = order.lines.map((l) => ({ ...l, price: l.unitPrice }));
    track(
      cartEvents.purchase(market.site, {
        transactionId: order.number,
        currency: market.currency,
        value: roundForEvent(order.totalPrice, market.currency),
        shipping: roundForEvent(order.deliveryPrice, market.currency),
        items: analyticsItems(market.currency, items),
      }),
    );
  }, [order, market]);
  // a plan line without an opened line yet: its port was not executed (the registry's answer is pending)
  const ported = order.lines.filter((l) => l.type === 'plan' && !lines.some((o) => o.planId === l.id));
  // the port's window in the market's zone: its day, its start and (Peru's night window) its end
  const whenOf = (iso: string) => {
    const start = new Date(iso);
    const end = portWindowEnd(market, start);
    return {
      date: formatDateInZone(start, market.timeZone, 'long'),
      time: formatTimeInZone(start, market.timeZone),
      until: end ? formatTimeInZone(end, market.timeZone) : '',
    };
  };
  return (
    <section className="page">
      <h1>{t('plans.success.title')}</h1>
      <p data-testid="order-number">{t('plans.success.order', { number: order.number })}</p>
      <div className="cart-layout">
        <div>
          {lines.map((l) => (
            <div key={l.phoneNumber}>
              {l.ported ? (
                <p className="notice-success" role="status" data-testid="ported-number" data-status={l.status}>
                  {l.status === 'porting'
                    ? t('plans.success.ported', { phone: formatPhone(l.phoneNumber, market.site), ...(l.scheduledFor ? whenOf(l.scheduledFor) : {}) })
                    : t('plans.success.portedActive', { phone: formatPhone(l.phoneNumber, market.site) })}
                </p>
              ) : (
                <>
                  <p className="notice-success" data-testid="new-number">
                    {t('plans.success.number', { phone: formatPhone(l.phoneNumber, market.site) })}
                  </p>
                  {l.status === 'pending' && <p data-testid="activate-hint">{t('plans.success.activate')}</p>}
                </>
              )}
              <p>{t('plans.success.sim', { sim: l.planSN })}</p>
              <p>{t('plans.success.plan', { plan: l.planName })}</p>
              <p>{t('plans.success.billing', { channels: billingChannels(t, l) })}</p>
              {l.newCustomer && (
                <p>
                  {t('plans.success.newCustomer')} <a href="/personas/creacion-clave">{t('plans.success.createSecret')}</a>
                </p>
              )}
            </div>
          ))}
          {ported.length > 0 && <p>{t('plans.success.portability')}</p>}
          <h2>{t('order.lines')}</h2>
          <ul>
            {order.lines.map((l) => (
              <li key={l.id}>
                <LineName line={l} />
                <LineAmounts line={l} />
              </li>
            ))}
          </ul>
          <PaymentFacts order={order} />
          {order.delivery && (
            <>
              <h2>{t('order.delivery')}</h2>
              <p>{order.delivery.text}</p>
            </>
          )}
          <a className="button" href={`/checkout/confirmacion-orden?order=${encodeURIComponent(order.number)}`}>
            {t('plans.success.follow')}
          </a>
        </div>
        <CartSummary totals={order} pointsUsed={order.pointsUsed} />
      </div>
    </section>
  );
}
