import type { PriceBlock } from '@andes/domain/catalogue-product';
import { installmentPlanMessage } from '@andes/domain/card-installments';
import { useMarket, useT } from '../../lib/root-data.ts';

/** Cash price, the higher normal price struck through, and the interest-free installment offer (Chile: with its total cost). */
export function PriceBlockView({ prices, large = false }: { prices: PriceBlock; large?: boolean }) {
  const t = useT();
  const market = useMarket();
  const { installments } = prices;
  // the same words as the payment step's: what is advertised is what can be chosen and is charged
  const offer =
    installments &&
    installmentPlanMessage(
      { count: installments.count, amount: installments.amount.amount, last: installments.last.amount, totalCost: installments.totalCost.amount },
      market.currency,
      'catalogue',
    );
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
      {offer && <p className="price-installments">{t(offer.key, offer.params)}</p>}
    </div>
  );
}
