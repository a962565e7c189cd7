/**
 * Whether a line's money actions (bags, bonuses, balance transfers) are refused in its status: cut
 * for an overdue bill, or blocked after a theft or loss. The refusal's wording is the device rules'
 * `lineRefusal`; screens ask only this, to show no button the server would refuse.
 */
export function moneyActionsStopped(status: string): boolean {
  return status === 'cut' || status === 'blocked';
}
