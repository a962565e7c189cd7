import { useLoaderData, type MetaFunction } from 'react-router';
import { formatDateInZone } from '@andes/domain/dates';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { CartSummary } from '../../features/cart/cart-summary.tsx';
import { useMoney } from '../../features/cart/money.ts';
import type { OrderView } from '../../features/cart/types.ts';
import '../../features/cart/cart.css';

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'order.title');

export async function loader({ request: req, context }: LoaderArgs) {
  const number = new URL(req.url).searchParams.get('order') ?? '';
  const res = await context.api<{ order: OrderView }>(`/restpp/order/status?order=${encodeURIComponent(number)}`);
  if (!res.body.success) throw new Response('Not found', { status: 404 });
  return { order: res.body.order };
}

/** Order follow-up for the signed-in owner or the session that placed it. */
export default function OrderStatus() {
  const { order } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const money = useMoney();
  return (
    <section className="page">
      <h1>{t('order.title')}</h1>
      <p>{t('order.number', { number: order.number })}</p>
      <p>{t('order.createdAt', { date: formatDateInZone(new Date(order.createdAt), market.timeZone) })}</p>
      <p>
        {t('order.statusLabel')}: <strong data-testid="order-status">{t(`order.status.${order.status}`)}</strong>
      </p>
      {order.paymentMethod && <p data-testid="order-payment-method">{t('order.paymentMethod', { method: t(`checkout.payment.${order.paymentMethod}`) })}</p>}
      {order.status === 'awaiting_payment' && order.cashCode && <p data-testid="order-cash-code">{t('order.cashCode', { code: order.cashCode })}</p>}
      {order.status === 'awaiting_payment' && order.expiresAt && <p>{t('order.expiresAt', { date: formatDateInZone(new Date(order.expiresAt), market.timeZone, 'long') })}</p>}
      {order.refunds?.map((r) => (
        <p key={r.refundedAt} className="warning">
          {t('order.refunded', { amount: money(r.amount), date: formatDateInZone(new Date(r.refundedAt), market.timeZone, 'long') })}
        </p>
      ))}
      <div className="cart-layout">
        <div>
          <h2>{t('order.lines')}</h2>
          <ul>
            {order.lines.map((l) => (
              <li key={l.id}>{t('order.line', { quantity: l.quantity, name: l.name, color: l.color, price: money(l.unitPrice * l.quantity) })}</li>
            ))}
          </ul>
          {order.delivery && (
            <>
              <h2>{t('order.delivery')}</h2>
              <p>{order.delivery.text}</p>
            </>
          )}
        </div>
        <CartSummary totals={order} />
      </div>
    </section>
  );
}
