/**
 * Paying a purchase by card in installments (DOMAIN.md "Payments": credit in installments, N without
 * interest). The shop sells its installments without interest in both markets: the card is charged
 * the price once and the issuer splits it (Webpay's "NC" payment type; Peru's cuotas sin interés), so
 * the installments add up to the price and the total cost is the price. Chile's consumer law (Ley
 * 19.496, art. 37) has an offer of payment in installments state each installment, their number, the
 * total cost and the CAE (0% here); the message store words it per market.
 */
import { formatMoney, type Currency } from './money.ts';

/**
 * One installment of `total` paid in `count`: split evenly and rounded up to a whole minor unit (the
 * last one of a card payment is what is left, {@link installmentPlan}). The one rule behind every
 * installment amount: the price block, the catalogue's installmentPriceRN attribute, the seeded column.
 */
export function installmentAmount(total: number, count: number): number {
  return count > 0 ? Math.ceil(total / count) : total;
}

/** The counts a card payment may be split in, up to what the purchase's products advertise. */
export const INSTALLMENT_COUNTS: ReadonlyArray<number> = [3, 6, 12, 18, 24];

/** The Webpay payment type of a credit sale in N installments without interest. */
export const INSTALLMENTS_PAYMENT_TYPE = 'NC';

export interface InstallmentPlan {
  count: number;
  /** Each installment but the last ({@link installmentAmount}: rounded up to a whole minor unit). */
  amount: number;
  /** The last installment: what is left, so the installments add up to the price exactly. */
  last: number;
  /** What the buyer pays in all: the price, since no interest is added. */
  totalCost: number;
}

/** `total` in `count` installments without interest, or null when it cannot be split so (fewer than 2, or too small to leave a last one). */
export function installmentPlan(total: number, count: number): InstallmentPlan | null {
  if (!Number.isInteger(count) || count < 2 || !Number.isInteger(total) || total <= 0) return null;
  const amount = installmentAmount(total, count);
  const last = total - amount * (count - 1);
  return last > 0 ? { count, amount, last, totalCost: total } : null;
}

/**
 * The installment plans a card payment of `total` may choose when its products advertise up to
 * `maxCount` installments: the usual counts below it and the advertised count itself. None when
 * nothing in the purchase is sold in installments (`maxCount` below 2).
 */
export function installmentChoices(total: number, maxCount: number): InstallmentPlan[] {
  if (maxCount < 2) return [];
  const counts = [...INSTALLMENT_COUNTS.filter((c) => c < maxCount), maxCount];
  return counts.map((c) => installmentPlan(total, c)).filter((p): p is InstallmentPlan => p !== null);
}

/** Whether `count` installments may be asked for (0 or 1: a single payment, always allowed). */
export function isInstallmentChoice(total: number, maxCount: number, count: number): boolean {
  return count <= 1 || installmentChoices(total, maxCount).some((p) => p.count === count);
}

/**
 * The message (key and values) that states a plan where the buyer reads it (`catalogue`: a price block's
 * offer; `checkout`: the payment step, the success page, the confirmation e-mail): each installment,
 * their number, the last one when it differs and the total cost, worded per market by the message store.
 */
export function installmentPlanMessage(
  plan: InstallmentPlan,
  currency: Currency,
  where: 'catalogue' | 'checkout' = 'checkout',
): { key: string; params: Record<string, string | number> } {
  const params = {
    count: plan.count,
    amount: formatMoney(plan.amount, currency),
    last: formatMoney(plan.last, currency),
    total: formatMoney(plan.totalCost, currency),
  };
  return { key: `${where}.installments.${plan.last === plan.amount ? 'plan' : 'planLast'}`, params };
}
