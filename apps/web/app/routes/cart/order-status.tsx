import { formatCount } from '@andes/domain/money';
import { useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { formatDateInZone } from '@andes/domain/dates';
import type { OrderState } from '@andes/domain/order-state';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { CartSummary } from '../../features/cart/cart-summary.tsx';
import { OrderLines } from '../../features/cart/order-receipt.tsx';
import { CancelOrder } from '../../features/cart/cancel-order.tsx';
import { useMoney } from '../../features/cart/money.ts';
import type { OrderView } from '../../features/cart/types.ts';
import '../../features/cart/cart.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('cart', 'phonePlan');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'order.title');

export async function loader({ request: req, context }: LoaderArgs) {
  const number = new URL(req.url).searchParams.get('order') ?? '';
  const res = await context.api<'GET /restpp/order/status'>(`/restpp/order/status?order=${encodeURIComponent(number)}`);
  if (!res.body.success) throw new Response('Not found', { status: 404 });
  return { order: res.body.order };
}

/**
 * Every state of the order's path (created → … → delivered, shipped or ready for pickup by how it is
 * delivered), each reached one with its date; an order that left the path (failed, cancelled, expired)
 * shows what happened instead. The wording is the market's (message store).
 */
function OrderTimeline({ order }: { order: OrderView }) {
  const t = useT();
  const market = useMarket();
  const history = order.history ?? [];
  const reached = new Map(history.map((h) => [h.status, h.at]));
  const onPath = (order.path ?? []).includes(order.status);
  const steps = onPath ? (order.path ?? []) : history.map((h) => h.status);
  return (
    <ol className="order-timeline" aria-label={t('order.timeline')} data-testid="order-timeline">
      {steps.map((status) => {
        const at = reached.get(status);
        const state = t(`order.status.${status}`);
        return (
          <li key={status} className={at ? 'order-step order-step-done' : 'order-step'} aria-current={status === order.status ? 'step' : undefined}>
            {at ? t('order.timeline.done', { state, date: formatDateInZone(new Date(at), market.timeZone, 'long') }) : t('order.timeline.pending', { state })}
          </li>
        );
      })}
    </ol>
  );
}

/** Handed over to the customer: shipped to the door or waiting at the store (the window to pay runs from here). */
const AT_HAND_OVER: ReadonlyArray<string> = ['shipped', 'ready_for_pickup'] satisfies OrderState[];

/**
 * How the customer pays an order paid on hand-over (cash on delivery, in store): the amount, then, once
 * it reached them, the last day to pay; or why it was cancelled when the money never came.
 */
function PayOnHandOver({ order }: { order: OrderView }) {
  const t = useT();
  const market = useMarket();
  const money = useMoney();
  if (order.paymentKind !== 'offline' || order.paidAt) return null;
  const total = money(order.totalPrice);
  const handedOver = (order.history ?? []).some((h) => AT_HAND_OVER.includes(h.status));
  let text: string | null = null;
  if (order.status === 'placed' || order.status === 'preparing') text = t(`order.payOnHandOver.${order.paymentMethod}`, { total });
  else if (AT_HAND_OVER.includes(order.status) && order.expiresAt) {
    text = t(`order.collectBy.${order.paymentMethod}`, { total, date: formatDateInZone(new Date(order.expiresAt), market.timeZone, 'long') });
  } else if (order.status === 'cancelled' && handedOver) text = t(`order.lapsed.${order.paymentMethod}`);
  return text ? (
    <p data-testid="order-pay-on-hand-over" className={order.status === 'cancelled' ? 'warning' : undefined}>
      {text}
    </p>
  ) : null;
}

/** Order follow-up for the signed-in owner or the session that placed it; the owner may cancel it until it leaves the warehouse. */
export default function OrderStatus() {
  const loaded = useLoaderData<typeof loader>();
  const [order, setOrder] = useState(loaded.order);
  const [cancelled, setCancelled] = useState(false);
  const t = useT();
  const market = useMarket();
  const money = useMoney();
  const date = (iso: string) => formatDateInZone(new Date(iso), market.timeZone, 'long');
  return (
    <section className="page">
      <h1>{t('order.title')}</h1>
      <div aria-live="polite">
        {cancelled && (
          <p className="notice-success" role="status" data-testid="order-cancel-done">
            {t('order.cancel.done', { number: order.number })}
          </p>
        )}
      </div>
      <p>{t('order.number', { number: order.number })}</p>
      <p>{t('order.createdAt', { date: formatDateInZone(new Date(order.createdAt), market.timeZone) })}</p>
      <p>
        {t('order.statusLabel')}: <strong data-testid="order-status">{t(`order.status.${order.status}`)}</strong>
      </p>
      <OrderTimeline order={order} />
      {order.paymentMethod && <p data-testid="order-payment-method">{t('order.paymentMethod', { method: t(`checkout.payment.${order.paymentMethod}`) })}</p>}
      {order.status === 'awaiting_payment' && order.cashCode && <p data-testid="order-cash-code">{t('order.cashCode', { code: order.cashCode })}</p>}
      {order.status === 'awaiting_payment' && order.expiresAt && <p>{t('order.expiresAt', { date: date(order.expiresAt) })}</p>}
      <PayOnHandOver order={order} />
      {order.refunds?.map((r) => (
        <p key={r.refundedAt} className="warning" data-testid="order-refund">
          {t(r.reason === 'cancelled' ? 'order.refunded.cancelled' : 'order.refunded', { amount: money(r.amount), date: date(r.refundedAt) })}
        </p>
      ))}
      {!!order.pointsReturned && (
        <p className="warning" data-testid="order-points-returned">
          {t('order.pointsReturned', { points: formatCount(order.pointsReturned, market.currency) })}
        </p>
      )}
      {!!order.refundPending && <p className="warning">{t('order.refund.pending', { amount: money(order.refundPending) })}</p>}
      {order.cancellable && (
        <CancelOrder
          order={order}
          onCancelled={(next) => {
            setOrder(next);
            setCancelled(true);
          }}
        />
      )}
      <div className="cart-layout">
        <div>
          <OrderLines order={order} />
        </div>
        <CartSummary totals={order} pointsUsed={order.pointsUsed} />
      </div>
    </section>
  );
}
