import { redirect, useLoaderData, type MetaFunction } from 'react-router';
import { formatCount } from '@andes/domain/money';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { OrderReceipt, usePurchaseEvent } from '../../features/cart/order-receipt.tsx';
import { PaymentFacts } from '../../features/cart/payment-facts.tsx';
import '../../features/cart/cart.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('cart', 'phonePlan');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'checkout.pointsSuccess.title');

export async function loader({ request: req, context }: LoaderArgs) {
  const number = new URL(req.url).searchParams.get('order') ?? '';
  const res = await context.api<'GET /restpp/order/status'>(`/restpp/order/status?order=${encodeURIComponent(number)}`);
  if (!res.body.success || !res.body.order.paidAt || res.body.order.paymentKind !== 'points') throw redirect('/carrito-compra');
  return { order: res.body.order };
}

/** /personas/flujo-compra/compra-exitosa-puntos: a purchase paid with loyalty points. */
export default function PointsSuccess() {
  const { order } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  usePurchaseEvent(order);
  return (
    <section className="page">
      <h1>{t('checkout.pointsSuccess.title')}</h1>
      <p data-testid="order-number">{t('checkout.success.order', { number: order.number })}</p>
      <p data-testid="points-used">{t('checkout.pointsSuccess.used', { points: formatCount(order.pointsUsed, market.currency) })}</p>
      <OrderReceipt order={order}>
        <PaymentFacts order={order} />
      </OrderReceipt>
    </section>
  );
}
