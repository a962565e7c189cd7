/**
 * The {product}Blue program (SPEC §3 {product}BlueInfo, §9): a phone sold with a Blue plan is paid as an
 * initial quota with the order and `quotasValue` monthly quotas billed with the plan from the next bill;
 * its protection insurance is included at no extra cost.
 */

/** One installment option of a Blue phone with one Blue plan (a row of the catalogue's {product}BlueInfo). */
export interface BlueOption {
  planId: string;
  quotasValue: number;
  initialQuota: number;
  quotas: number;
  equipmentValue: number;
}

/** The insurance the Blue program includes at no extra cost (SPEC §9), shown at 0 on a Blue phone. */
export const BLUE_INCLUDED_INSURANCE = 'INS_PROTECCION_TOTAL';

export const BlueErrorKeys = {
  /** The installment count is not offered for this phone with the cart's Blue plan. */
  option: 'pp.error.cart.blue.option',
  /** The initial quota sent is not the catalogue's for that option. */
  initialQuota: 'pp.error.cart.blue.initialQuota',
  /** Installments without a Blue plan in the same request or the cart, or on a phone not sold on Blue. */
  withoutPlan: 'pp.error.cart.blue.plan',
} as const;

/** The option of `planId` at `quotasValue`, if the catalogue offers it. */
export function blueOptionOf(options: ReadonlyArray<BlueOption>, planId: string, quotasValue: number): BlueOption | undefined {
  return options.find((o) => o.planId === planId && o.quotasValue === quotasValue);
}

/**
 * Why a phone line asking for Blue installments is refused (null: it is not). `bluePlanIds` are the
 * Blue plans going with it (the request's and the cart's); a phone on installments needs exactly one,
 * the option must be the catalogue's, and an initial quota sent must be the catalogue's.
 */
export function blueLineError(input: {
  blueProduct: boolean;
  bluePlanIds: ReadonlyArray<string>;
  options: ReadonlyArray<BlueOption>;
  quotasValue: number;
  initialQuota?: number;
  quantity: number;
}): string | null {
  if (!input.blueProduct || input.bluePlanIds.length !== 1 || input.quantity !== 1) return BlueErrorKeys.withoutPlan;
  const option = blueOptionOf(input.options, input.bluePlanIds[0]!, input.quotasValue);
  if (!option) return BlueErrorKeys.option;
  if (input.initialQuota !== undefined && input.initialQuota !== option.initialQuota) return BlueErrorKeys.initialQuota;
  return null;
}

/**
 * What a Blue phone line costs: its initial quota today (the line's unit price), its monthly quota with
 * the plan, and its insurances at 0 when the program includes them (its protection insurance).
 */
export function bluePricing(option: BlueOption) {
  return { unitPrice: option.initialQuota, monthlyQuota: option.quotas, quotasValue: option.quotasValue, equipmentValue: option.equipmentValue };
}

/** An insurance's monthly value on a phone line: the Blue program's own insurance is included (0). */
export function insuranceMonthlyOnLine(insuranceId: string, monthlyValue: number, blue: boolean): number {
  return blue && insuranceId === BLUE_INCLUDED_INSURANCE ? 0 : monthlyValue;
}
