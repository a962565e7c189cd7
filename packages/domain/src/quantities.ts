/**
 * Quantity steppers and the sale step index (SPEC §4 "Quantities", §9 quantity default/minimum 1,
 * sale sequence index default -1).
 */
import { constants } from './market.ts';

const MIN = constants.quantityMin;
const NO_STEP = constants.saleSequenceIndexDefault;

/** The plus button: one more. A quantity that is not a number or below the minimum restarts from it. */
export function incrementQuantity(q: number): number {
  if (!Number.isFinite(q) || q < MIN) return MIN;
  return q + 1;
}

/**
 * The minus button: one less, but only from above 1, so a cart line or the sale equipment count never
 * drops to 0 (removing a line is a separate action). At 1 the press is ignored; a corrupt value below 1
 * is lifted back to 1.
 */
export function decrementQuantity(q: number): number {
  if (!Number.isFinite(q) || q <= MIN) return MIN;
  return Math.max(MIN, q - 1);
}

/** Whether a quantity may be added to the cart: a whole number greater than 0. */
export function canAddQuantity(q: number): boolean {
  return Number.isInteger(q) && q > 0;
}

/**
 * Moves the equipment sale step index: +1 for next, −1 for previous. −1 means "no step" (the default),
 * so previous never goes below it; an index that is not a number counts as −1.
 */
export function moveSaleSequence(index: number, direction: 'next' | 'previous'): number {
  const current = Number.isFinite(index) ? Math.max(index, NO_STEP) : NO_STEP;
  return direction === 'next' ? current + 1 : Math.max(NO_STEP, current - 1);
}
