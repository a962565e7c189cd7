import { redirect, useLoaderData, type MetaFunction } from 'react-router';
import { formatDateInZone } from '@andes/domain/dates';
import { isAcceptedOrder } from '@andes/domain/order-state';
import { MARKET_PAYMENTS } from '@andes/domain/payment-methods';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { OrderReceipt, usePurchaseEvent } from '../../features/cart/order-receipt.tsx';
import { PaymentFacts } from '../../features/cart/payment-facts.tsx';
import { useMoney } from '../../features/cart/money.ts';
import type { OrderView } from '../../features/cart/types.ts';
import '../../features/cart/cart.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('cart', 'phonePlan');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'checkout.success.title');

/** Orders the shop accepted (paid, or placed to pay on hand-over, and on through fulfilment), and orders waiting for their cash code's payment. */
const placed = (order: OrderView) => isAcceptedOrder(order.status) || (order.status === 'awaiting_payment' && order.paymentKind === 'cashCode');

export async function loader({ request: req, context }: LoaderArgs) {
  const number = new URL(req.url).searchParams.get('order') ?? '';
  const res = await context.api<'GET /restpp/order/status'>(`/restpp/order/status?order=${encodeURIComponent(number)}`);
  if (!res.body.success || !placed(res.body.order)) throw redirect('/carrito-compra');
  return { order: res.body.order };
}

export default function Success() {
  const { order } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const money = useMoney();
  usePurchaseEvent(order);
  // not paid yet: on hand-over (cash on delivery, in store), or with the cash code before it expires
  const offline = !order.paidAt && (order.paymentKind === 'offline' || order.paymentKind === 'cashCode');
  return (
    <section className="page">
      <h1>{t(offline ? 'checkout.success.offline.title' : 'checkout.success.title')}</h1>
      <p data-testid="order-number">{t('checkout.success.order', { number: order.number })}</p>
      {offline && (
        <p data-testid="offline-payment">
          {t(`checkout.success.${order.paymentMethod}`, {
            total: money(order.totalPrice),
            code: order.cashCode ?? '',
            hours: MARKET_PAYMENTS[market.site].offlineExpiryHours,
            date: order.expiresAt ? formatDateInZone(new Date(order.expiresAt), market.timeZone, 'long') : '',
          })}
        </p>
      )}
      <OrderReceipt order={order}>
        <PaymentFacts order={order} />
      </OrderReceipt>
    </section>
  );
}
