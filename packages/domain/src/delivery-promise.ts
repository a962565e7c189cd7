/**
 * When an accepted order is in the customer's hands (delivered at the door, or ready at the store),
 * and when a number ported with it moves to us: only once its new SIM can be in the customer's hands,
 * never while the SIM is still on its way (a port before it would leave the customer with no line).
 * Days are calendar days (`YYYY-MM-DD`) in the market's zone.
 */
import { addDaysIso, isoDayInZone } from './account-bills.ts';
import { nextDay, zonedInstant } from './callback.ts';
import type { DeliveryType } from './cart-rules.ts';
import type { Market, SiteId } from './market.ts';

/**
 * Working days from the day an order is accepted until it reaches the customer: at the door (home
 * delivery) or ready at the store (pickup). Couriers and stores hand over Monday to Saturday.
 */
export const DELIVERY_WORKING_DAYS: Readonly<Record<SiteId, Record<DeliveryType, number>>> = {
  cl: { delivery: 3, storePickup: 1 },
  pe: { delivery: 3, storePickup: 2 },
};

const SUNDAY = 0;

/** The day an order accepted at `acceptedAt` reaches the customer ({@link DELIVERY_WORKING_DAYS}, Sundays skipped). */
export function promisedDay(market: Pick<Market, 'site' | 'timeZone'>, deliveryType: DeliveryType, acceptedAt: Date): string {
  let day = isoDayInZone(acceptedAt, market.timeZone);
  for (let left = DELIVERY_WORKING_DAYS[market.site][deliveryType]; left > 0;) {
    day = addDaysIso(day, 1);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() !== SUNDAY) left -= 1;
  }
  return day;
}

/**
 * The port's moment: the market's port window ({@link Market.portability}) on the day after the SIM is
 * in the customer's hands (`simInHandsOn`: the promised delivery or pickup day, or today for a SIM the
 * customer already holds, such as an eSIM or a chip paid on hand-over).
 */
export function portWindowAfter(market: Pick<Market, 'timeZone' | 'portability'>, simInHandsOn: string): Date {
  return zonedInstant(nextDay(simInHandsOn), market.portability.window.startHour * 60, market.timeZone);
}

/** The next port window for a SIM the customer holds at `now` (an eSIM, a chip being activated). */
export function nextPortWindow(market: Pick<Market, 'timeZone' | 'portability'>, now: Date): Date {
  return portWindowAfter(market, isoDayInZone(now, market.timeZone));
}

/** The end of the port window that starts at `start`, when the market's window has one (Peru 03:00). */
export function portWindowEnd(market: Pick<Market, 'portability'>, start: Date): Date | null {
  const { startHour, endHour } = market.portability.window;
  return endHour === null ? null : new Date(start.getTime() + (endHour - startHour) * 3_600_000);
}
