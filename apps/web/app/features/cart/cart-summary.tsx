import type { DeliveryQuote, DeliveryType } from '@andes/domain/cart-rules';
import { formatCount } from '@andes/domain/money';
import { useMarket, useT } from '../../lib/root-data.ts';
import { useMoney } from './money.ts';

interface Totals extends DeliveryQuote {
  subTotalPrice: number;
  deliveryType: DeliveryType | null;
  deliveryOptions: Record<DeliveryType, DeliveryQuote>;
  nextMonthPrice: number;
}

interface Props {
  totals: Totals;
  /** Points the purchase uses: the cart's `totalPointUsed`, the order's `pointsUsed` (each source names its own). */
  pointsUsed: number;
  /** The way of delivery being chosen on the delivery step: its price and total show before it is saved. */
  preview?: DeliveryType;
  children?: React.ReactNode;
  headingLevel?: 2 | 3;
}

/**
 * "Resumen de compra": subtotal, delivery, total, next month and points used. The delivery is priced
 * once its way is known (chosen, or being chosen); before that it is "Por calcular" with what each way
 * costs, never "Gratis" unless every way is free.
 */
export function CartSummary({ totals, pointsUsed, preview, children, headingLevel = 2 }: Props) {
  const t = useT();
  const market = useMarket();
  const money = useMoney();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const quote = preview ? totals.deliveryOptions[preview] : totals.deliveryType ? totals : null;
  const options = totals.deliveryOptions;
  const price = (fee: number) => (fee ? money(fee) : t('cart.totals.free'));
  const pending = !quote && Object.values(options).some((o) => o.deliveryPrice > 0);
  return (
    <section className="cart-summary" aria-labelledby="cart-summary-title">
      <Heading id="cart-summary-title">{t('cart.summary')}</Heading>
      <dl>
        <dt>{t('cart.totals.subtotal')}</dt>
        <dd data-testid="subtotal">{money(totals.subTotalPrice)}</dd>
        <dt>{t('cart.totals.delivery')}</dt>
        <dd data-testid="delivery">{pending ? t('cart.totals.deliveryPending') : price(quote?.deliveryPrice ?? 0)}</dd>
        <dt className="total">{t('cart.totals.total')}</dt>
        <dd className="total" data-testid="total">
          {money(quote?.totalPrice ?? totals.totalPrice)}
        </dd>
        <dt>{t('cart.totals.nextMonth')}</dt>
        <dd>{money(totals.nextMonthPrice)}</dd>
        <dt>{t('cart.totals.points')}</dt>
        <dd data-testid="summary-points">{formatCount(pointsUsed, market.currency)}</dd>
      </dl>
      {pending && (
        <p className="field-hint">
          {t('cart.totals.deliveryOptions', { home: price(options.delivery.deliveryPrice), pickup: price(options.storePickup.deliveryPrice) })}
        </p>
      )}
      {children}
    </section>
  );
}
