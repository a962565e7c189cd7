import type { PriceBlock } from '@andes/domain/catalogue-product';
import { useT } from '../../lib/root-data.ts';

/** Cash price, the higher normal price struck through, and the interest-free installment offer (Chile: with its total cost). */
export function PriceBlockView({ prices, large = false }: { prices: PriceBlock; large?: boolean }) {
  const t = useT();
  const { installments } = prices;
  return (
    <div className={large ? 'price-block price-block-large' : 'price-block'}>
      {prices.reference && (
        <p className="price-reference">
          <span className="visually-hidden">{t('catalogue.price.referenceLabel')}: </span>
          <s>{prices.reference.formatted}</s>
        </p>
      )}
      <p className="price-main">
        <span className="visually-hidden">{t('catalogue.price.cash')}: </span>
        {prices.price.formatted}
      </p>
      {installments && (
        <p className="price-installments">
          {t('catalogue.price.installments', {
            count: installments.count,
            amount: installments.amount.formatted,
            total: installments.totalCost.formatted,
          })}
        </p>
      )}
    </div>
  );
}
