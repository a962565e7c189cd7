import { formatMoney, roundForEvent } from '@andes/domain/money';
import type { CartAnalyticsItem } from '@andes/domain/analytics-shop';
import { planEventQuantity } from '@andes/domain/plans';
import { useMarket } from '../../lib/root-data.ts';

/** Formats minor units in the market's currency. */
export function useMoney(): (minor: number) => string {
  const market = useMarket();
  return (minor) => formatMoney(minor, market.currency);
}

/** Lines as analytics items (prices rounded in major units, SPEC §9; a `multi_` plan counts as 2, SPEC §3). */
export function analyticsItems(
  currency: 'CLP' | 'PEN',
  lines: Array<{ id: string; name: string; color?: string | null; price: number; quantity: number }>,
): CartAnalyticsItem[] {
  return lines.map((l) => ({
    item_id: l.id,
    item_name: l.name,
    item_variant: l.color ?? undefined,
    price: roundForEvent(l.price, currency),
    quantity: l.quantity * planEventQuantity(l.id),
  }));
}
