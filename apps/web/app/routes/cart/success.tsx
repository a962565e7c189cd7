import { useEffect } from 'react';
import { redirect, useLoaderData, type MetaFunction } from 'react-router';
import { cartEvents } from '@andes/domain/analytics';
import { roundForEvent } from '@andes/domain/money';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { CartSummary } from '../../features/cart/cart-summary.tsx';
import { analyticsItems, useMoney } from '../../features/cart/money.ts';
import type { OrderView } from '../../features/cart/types.ts';
import '../../features/cart/cart.css';

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'checkout.success.title');

export async function loader({ request: req, context }: LoaderArgs) {
  const number = new URL(req.url).searchParams.get('order') ?? '';
  const res = await context.api<{ order: OrderView }>(`/restpp/order/status?order=${encodeURIComponent(number)}`);
  if (!res.body.success || res.body.order.status !== 'paid') throw redirect('/carrito-compra');
  return { order: res.body.order };
}

export default function Success() {
  const { order } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const money = useMoney();
  useEffect(() => {
    // once per order, even if the page is reloaded
    const key = `purchase:${order.number}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    track(
      cartEvents.purchase(market.site, {
        transactionId: order.number,
        currency: market.currency,
        value: roundForEvent(order.totalPrice, market.currency),
        shipping: roundForEvent(order.deliveryPrice, market.currency),
        items: analyticsItems(market.currency, order.lines.map((l) => ({ ...l, price: l.unitPrice }))),
      }),
    );
  }, [order, market]);
  return (
    <section className="page">
      <h1>{t('checkout.success.title')}</h1>
      <p data-testid="order-number">{t('checkout.success.order', { number: order.number })}</p>
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
          <a className="button" href={`/checkout/confirmacion-orden?order=${encodeURIComponent(order.number)}`}>
            {t('checkout.success.follow')}
          </a>
        </div>
        <CartSummary totals={order} />
      </div>
    </section>
  );
}
