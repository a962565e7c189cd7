import { useRef } from 'react';
import { useT } from '../../lib/root-data.ts';
import { INTENT, useFormAction } from '../../lib/form-action.ts';
import { useMoney } from './money.ts';
import type { Suggestion } from './types.ts';

/** Suggested products: a scrollable list with previous / next buttons. */
export function Suggestions({ products, busy, onAdd }: { products: Suggestion[]; busy: boolean; onAdd: (p: Suggestion) => void }) {
  const t = useT();
  const money = useMoney();
  const track = useRef<HTMLUListElement>(null);
  const action = useFormAction();
  if (!products.length) return null;
  const scroll = (direction: 1 | -1) => track.current?.scrollBy({ left: direction * track.current.clientWidth * 0.8, behavior: 'smooth' });
  return (
    <section className="carousel" aria-labelledby="suggested-title">
      <h2 id="suggested-title">{t('cart.suggested.title')}</h2>
      <div className="carousel-controls">
        <button type="button" className="button button-ghost" aria-label={t('cart.suggested.previous')} onClick={() => scroll(-1)}>
          ‹
        </button>
        <button type="button" className="button button-ghost" aria-label={t('cart.suggested.next')} onClick={() => scroll(1)}>
          ›
        </button>
      </div>
      <ul className="carousel-track" ref={track}>
        {products.map((p) => (
          <li key={p.skuId} data-testid="suggestion">
            <img src={p.productImage} alt="" width={160} height={120} loading="lazy" />
            <h3>{p.displayName}</h3>
            <p>{money(p.price)}</p>
            {/* posts to the cart's action before JavaScript runs */}
            <form method="post" action={action}>
              <input type="hidden" name={INTENT} value="add" />
              <input type="hidden" name="skuId" value={p.skuId} />
              <button
                type="submit"
                className="button"
                disabled={busy}
                aria-label={t('cart.suggested.add', { name: p.displayName })}
                onClick={(e) => {
                  e.preventDefault();
                  onAdd(p);
                }}
              >
                {t('cart.suggested.addShort')}
              </button>
            </form>
          </li>
        ))}
      </ul>
    </section>
  );
}
