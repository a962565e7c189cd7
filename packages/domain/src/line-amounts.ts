/**
 * Every amount of a cart or order line says what it is (issue 29 item 3): a plan line is its SIM chip
 * paid today and the plan by the month, with its promotion's months and the price after them; a phone
 * or accessory is its unit price and, per unit, its insurances by the month. One rule for the cart,
 * the payment summary, the success page and the order follow-up. Amounts in minor units: the page
 * formats the `amounts` in the market's currency and passes `counts` as they are.
 */

/** What a line's labels need, as both the cart and an order carry it. */
export interface AmountLine {
  type: 'equipment' | 'plan';
  quantity: number;
  /** Paid today per unit: the SIM chip of a plan line, the price of a phone or accessory. */
  unitPrice: number;
  /** A plan line: its first month's price (the promotion's when it got one). */
  monthlyPrice: number;
  /** A plan line's list monthly price. */
  listMonthlyPrice?: number | null;
  promotion?: { percentage: number; promoPrice: number; months: number | null } | null;
}

/** One labelled amount: a message key of the `order` texts and its parameters. */
export interface LabelledAmount {
  key: string;
  amounts: Record<string, number>;
  counts?: Record<string, number>;
}

/**
 * The labelled amounts of one line, in the order they are read: what is paid today, then what is
 * billed monthly. A plan without a promotion is its monthly price; with one, "50% dcto. por 6 meses:
 * $12.495/mes, luego $24.990/mes" (as long as the plan: no "luego").
 */
export function lineAmounts(line: AmountLine): LabelledAmount[] {
  if (line.type === 'equipment') {
    return [
      { key: 'order.amount.unit', amounts: { price: line.unitPrice } },
      { key: 'order.amount.lineTotal', amounts: { price: line.unitPrice * line.quantity } },
    ];
  }
  const list = line.listMonthlyPrice ?? line.monthlyPrice;
  const out: LabelledAmount[] = [{ key: 'order.amount.sim', amounts: { price: line.unitPrice * line.quantity } }];
  const promo = line.promotion;
  if (!promo) out.push({ key: 'order.amount.planMonthly', amounts: { price: list } });
  else if (promo.months === null)
    out.push({ key: 'order.amount.planPromoAlways', amounts: { promo: promo.promoPrice, price: list }, counts: { percentage: promo.percentage } });
  else
    out.push({
      key: 'order.amount.planPromo',
      amounts: { promo: promo.promoPrice, price: list },
      counts: { percentage: promo.percentage, months: promo.months },
    });
  return out;
}
