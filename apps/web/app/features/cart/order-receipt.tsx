import { useEffect } from 'react';
import { cartEvents } from '@andes/domain/analytics-shop';
import { roundForEvent } from '@andes/domain/money';
import { useMarket, useT } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { CartSummary } from './cart-summary.tsx';
import { analyticsItems } from './money.ts';
import { RenewalFor } from './renewal-for.tsx';
import { BlueQuotas } from './blue-quotas.tsx';
import type { OrderView } from './types.ts';
import { LineAmounts, LineName } from './line-amounts.tsx';

/** Reports the purchase once per order, even if the page is reloaded (SPEC §2 step 6). */
export function usePurchaseEvent(order: OrderView) {
  const market = useMarket();
  useEffect(() => {
    const key = `purchase:${order.number}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    track(
      cartEvents.purchase(market.site, {
        transactionId: order.number,
        currency: market.currency,
        value: roundForEvent(order.totalPrice, market.currency),
        shipping: roundForEvent(order.deliveryPrice, market.currency),
        items: analyticsItems(
          market.currency,
          order.lines.map((l) => ({ ...l, price: l.unitPrice })),
        ),
      }),
    );
  }, [order, market]);
}

/** An order's lines, delivery and totals, with the link to its follow-up page. */
export function OrderReceipt({ order, children }: { order: OrderView; children?: React.ReactNode }) {
  const t = useT();
  return (
    <div className="cart-layout">
      <div>
        {children}
        <OrderLines order={order} />
        <a className="button" href={`/checkout/confirmacion-orden?order=${encodeURIComponent(order.number)}`}>
          {t('checkout.success.follow')}
        </a>
      </div>
      <CartSummary totals={order} pointsUsed={order.pointsUsed} />
    </div>
  );
}

/** What an order holds and where it goes. */
export function OrderLines({ order }: { order: OrderView }) {
  const t = useT();
  return (
    <>
      <h2>{t('order.lines')}</h2>
      <ul>
        {order.lines.map((l) => (
          <li key={l.id}>
            <LineName line={l} />
            <RenewalFor line={l} />
            {/* a Blue phone says its initial quota and monthly quotas in one sentence */}
            {l.quotasValue ? <BlueQuotas line={l} /> : <LineAmounts line={l} />}
          </li>
        ))}
      </ul>
      {order.delivery && (
        <>
          <h2>{t('order.delivery')}</h2>
          <p>{order.delivery.text}</p>
        </>
      )}
    </>
  );
}
