import { useRef } from 'react';
import { useT } from '../../lib/root-data.ts';
import type { RelatedProduct } from './types.ts';

/** "Customer swiper info": related products in a horizontally scrollable list with prev/next buttons. */
export function RelatedCarousel({ products }: { products: RelatedProduct[] }) {
  const t = useT();
  const track = useRef<HTMLUListElement>(null);
  if (!products.length) return null;
  const move = (direction: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: direction * Math.max(200, el.clientWidth * 0.8), behavior: 'smooth' });
  };
  return (
    <section className="page carousel" aria-labelledby="related-title">
      <h2 id="related-title">{t('product.related.title')}</h2>
      <div className="carousel-controls">
        <button type="button" className="button button-ghost" onClick={() => move(-1)} aria-controls="related-track">
          <span aria-hidden="true">‹ </span>
          {t('product.related.previous')}
        </button>
        <button type="button" className="button button-ghost" onClick={() => move(1)} aria-controls="related-track">
          {t('product.related.next')}
          <span aria-hidden="true"> ›</span>
        </button>
      </div>
      <ul className="carousel-track" id="related-track" ref={track} tabIndex={0} aria-label={t('product.related.title')}>
        {products.map((p) => (
          <li key={p.productId}>
            <article className="product-card">
              <a href={p.url}>
                <img src={p.productImage} alt="" width={200} height={160} loading="lazy" />
                <p className="product-brand">{p.brand}</p>
                <h3>{p.displayName}</h3>
              </a>
              <p className="price-main">{p.price.formatted}</p>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
