/**
 * Changing a line's number (SPEC §2 `cambio-numero`, docs/decisions/024): the customer is offered
 * SPEC §9's count of available numbers, each reserved for them while they decide; the number left
 * behind rests in quarantine before the numbering plan may give it to anyone else, so calls and
 * messages meant for the old holder do not reach a stranger at once.
 */
export const AVAILABLE_NUMBERS_COUNT = 5;
export const NUMBER_RESERVATION_MINUTES = 10;
export const NUMBER_QUARANTINE_DAYS = 180;

/** When a reservation made at `now` lapses. */
export function reservationEnds(now: Date): Date {
  return new Date(now.getTime() + NUMBER_RESERVATION_MINUTES * 60_000);
}

/** When a number left at `now` may be given again. */
export function quarantineEnds(now: Date): Date {
  return new Date(now.getTime() + NUMBER_QUARANTINE_DAYS * 86_400_000);
}
