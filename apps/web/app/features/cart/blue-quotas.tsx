import { formatMoney } from '@andes/domain/money';
import { useMarket, useT } from '../../lib/root-data.ts';

/**
 * A Blue phone's installments (SPEC §9) under its line (checkout summary, success page, follow-up):
 * its initial quota paid with the order, then its monthly quotas with the plan from the next bill.
 */
export function BlueQuotas({ line }: { line: { quotasValue?: number | null; quotaAmount?: number | null } }) {
  const t = useT();
  const market = useMarket();
  if (!line.quotasValue || !line.quotaAmount) return null;
  return (
    <p className="blue-quotas" data-testid="blue-quotas">
      {t('cart.line.blueQuotas', { count: line.quotasValue, quota: formatMoney(line.quotaAmount, market.currency) })}
    </p>
  );
}
