import { redirect, useLoaderData, type MetaFunction } from 'react-router';
import { formatDateInZone } from '@andes/domain/dates';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { OrderReceipt, usePurchaseEvent } from '../../features/cart/order-receipt.tsx';
import { useMoney } from '../../features/cart/money.ts';
import type { OrderView } from '../../features/cart/types.ts';
import '../../features/cart/cart.css';

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'checkout.success.title');

/** Paid orders, and orders placed to pay later: on delivery, in store or with a cash code (they wait for the money). */
const placed = (order: OrderView) => order.status === 'paid' || (order.status === 'awaiting_payment' && (order.paymentKind === 'offline' || order.paymentKind === 'cashCode'));

export async function loader({ request: req, context }: LoaderArgs) {
  const number = new URL(req.url).searchParams.get('order') ?? '';
  const res = await context.api<{ order: OrderView }>(`/restpp/order/status?order=${encodeURIComponent(number)}`);
  if (!res.body.success || !placed(res.body.order)) throw redirect('/carrito-compra');
  return { order: res.body.order };
}

export default function Success() {
  const { order } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const money = useMoney();
  usePurchaseEvent(order);
  const offline = order.status === 'awaiting_payment';
  return (
    <section className="page">
      <h1>{t(offline ? 'checkout.success.offline.title' : 'checkout.success.title')}</h1>
      <p data-testid="order-number">{t('checkout.success.order', { number: order.number })}</p>
      {offline && order.expiresAt && (
        <p data-testid="offline-payment">
          {t(`checkout.success.${order.paymentMethod}`, { total: money(order.totalPrice), code: order.cashCode ?? '', date: formatDateInZone(new Date(order.expiresAt), market.timeZone, 'long') })}
        </p>
      )}
      <OrderReceipt order={order} />
    </section>
  );
}
