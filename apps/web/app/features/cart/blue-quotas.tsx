import { formatMoney } from '@andes/domain/money';
import { useMarket, useT } from '../../lib/root-data.ts';

/**
 * A Blue phone's installments (SPEC §9) under its line (checkout summary, success page, follow-up):
 * its initial quota paid with the order, then its monthly quotas with the plan from the next bill.
 */
export function BlueQuotas({ line }: { line: { quotasValue?: number | null; quotaAmount?: number | null; initialQuota?: number | null } }) {
  const t = useT();
  const market = useMarket();
  if (!line.quotasValue || !line.quotaAmount) return null;
  const money = (n: number) => formatMoney(n, market.currency);
  return (
    <p className="blue-quotas" data-testid="blue-quotas">
      {line.initialQuota != null
        ? t('cart.line.blueSummary', { initial: money(line.initialQuota), count: line.quotasValue, quota: money(line.quotaAmount) })
        : t('cart.line.blueQuotas', { count: line.quotasValue, quota: money(line.quotaAmount) })}
    </p>
  );
}
