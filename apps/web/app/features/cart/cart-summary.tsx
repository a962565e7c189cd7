import { useT } from '../../lib/root-data.ts';
import { useMoney } from './money.ts';

interface Totals {
  subTotalPrice: number;
  deliveryPrice: number;
  totalPrice: number;
  nextMonthPrice: number;
  totalPointUsed?: number;
}

/** "Resumen de compra": subtotal, delivery, total, next month and points used. */
export function CartSummary({ totals, children, headingLevel = 2 }: { totals: Totals; children?: React.ReactNode; headingLevel?: 2 | 3 }) {
  const t = useT();
  const money = useMoney();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="cart-summary" aria-labelledby="cart-summary-title">
      <Heading id="cart-summary-title">{t('cart.summary')}</Heading>
      <dl>
        <dt>{t('cart.totals.subtotal')}</dt>
        <dd data-testid="subtotal">{money(totals.subTotalPrice)}</dd>
        <dt>{t('cart.totals.delivery')}</dt>
        <dd data-testid="delivery">{totals.deliveryPrice ? money(totals.deliveryPrice) : t('cart.totals.free')}</dd>
        <dt className="total">{t('cart.totals.total')}</dt>
        <dd className="total" data-testid="total">
          {money(totals.totalPrice)}
        </dd>
        <dt>{t('cart.totals.nextMonth')}</dt>
        <dd>{money(totals.nextMonthPrice)}</dd>
        <dt>{t('cart.totals.points')}</dt>
        <dd>{totals.totalPointUsed ?? 0}</dd>
      </dl>
      {children}
    </section>
  );
}
