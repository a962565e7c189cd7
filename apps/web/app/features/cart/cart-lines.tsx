import { useT } from '../../lib/root-data.ts';
import { INTENT, useFormAction } from '../../lib/form-action.ts';
import { useMoney } from './money.ts';
import { RenewalFor } from './renewal-for.tsx';
import type { CartItem, RecheckIssue } from './types.ts';
import { LineAmounts } from './line-amounts.tsx';

interface Props {
  items: CartItem[];
  /** The server's price and stock re-check: one rule (a phone by its unit price, a plan by its monthly price). */
  issues: RecheckIssue[];
  busy: boolean;
  onQuantity: (item: CartItem, quantity: number) => void;
  onRemove: (item: CartItem) => void;
}

/**
 * The cart's lines: image, name, colour, unit price, stepper (minus only above 1) and remove. Each
 * button posts its form to the cart's action before JavaScript runs; after, the page handles it.
 */
export function CartLines({ items, issues, busy, onQuantity, onRemove }: Props) {
  const t = useT();
  const money = useMoney();
  const action = useFormAction();
  const priceChange = (item: CartItem) => issues.find((i) => i.itemId === item.id && i.kind === 'price');
  return (
    <ul className="cart-lines" aria-label={t('cart.lines')}>
      {items.map((item) => (
        <li key={item.id} className="cart-line" data-testid="cart-line">
          {item.images[0] ? <img src={item.images[0]} alt="" width={88} height={88} /> : <span />}
          <div>
            <h2>{item.name}</h2>
            {item.color && <p>{t('cart.line.color', { color: item.color })}</p>}
            {item.storage && <p>{t('cart.line.storage', { storage: item.storage })}</p>}
            <RenewalFor line={item} />
            {item.quotasValue && item.quotas ? (
              // a Blue phone: its initial quota today, its monthly quotas with the plan (SPEC §9)
              <>
                <p data-testid="blue-today">{t('cart.line.blueToday', { initial: money(item.price) })}</p>
                <p data-testid="blue-quotas">{t('cart.line.blueQuotas', { count: item.quotasValue, quota: money(item.quotas) })}</p>
              </>
            ) : (
              <LineAmounts line={{ ...item, unitPrice: item.price }} />
            )}
            {priceChange(item) && <p className="warning">{t('cart.line.priceChanged', { before: money(priceChange(item)!.shownPrice) })}</p>}
            {item.stock !== null && item.stock < item.quantity && <p className="warning">{t('cart.line.noStock', { stock: item.stock })}</p>}
            {item.insurances.map((i) => (
              <p key={i.id}>{t(i.included ? 'cart.line.insuranceIncluded' : 'cart.line.insurance', { name: i.displayName, price: money(i.monthlyValue) })}</p>
            ))}
          </div>
          <div>
            {item.type === 'equipment' && (
              <form method="post" action={action}>
                <input type="hidden" name={INTENT} value="quantity" />
                <input type="hidden" name="lineId" value={item.id} />
                <div className="stepper" role="group" aria-label={t('cart.line.quantityOf', { name: item.name })}>
                  <button
                    type="submit"
                    name="quantity"
                    value={item.quantity - 1}
                    className="button button-ghost"
                    aria-label={t('cart.line.less', { name: item.name })}
                    disabled={busy || item.quantity <= 1}
                    onClick={(e) => {
                      e.preventDefault();
                      if (item.quantity > 1) onQuantity(item, item.quantity - 1);
                    }}
                  >
                    −
                  </button>
                  <output aria-live="polite" data-testid="quantity">
                    {item.quantity}
                  </output>
                  <button
                    type="submit"
                    name="quantity"
                    value={item.quantity + 1}
                    className="button button-ghost"
                    aria-label={t('cart.line.more', { name: item.name })}
                    disabled={busy}
                    onClick={(e) => {
                      e.preventDefault();
                      onQuantity(item, item.quantity + 1);
                    }}
                  >
                    +
                  </button>
                </div>
              </form>
            )}
            <form method="post" action={action}>
              <input type="hidden" name={INTENT} value="remove" />
              <input type="hidden" name="lineId" value={item.id} />
              <p>
                <button
                  type="submit"
                  className="link"
                  aria-label={t('cart.line.removeOf', { name: item.name })}
                  disabled={busy}
                  onClick={(e) => {
                    e.preventDefault();
                    onRemove(item);
                  }}
                >
                  {t('cart.line.remove')}
                </button>
              </p>
            </form>
          </div>
        </li>
      ))}
    </ul>
  );
}
