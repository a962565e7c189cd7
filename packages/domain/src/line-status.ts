/**
 * Whether a line's money actions (bags, bonuses, balance transfers) are refused in its status: cut
 * for an overdue bill, blocked after a theft or loss, or suspended (at the customer's request or the
 * operator's). The refusal's wording is the device rules'
 * `lineRefusal`; screens ask only this, to show no button the server would refuse.
 */
export function moneyActionsStopped(status: string): boolean {
  return status === 'cut' || status === 'blocked' || status === 'suspended';
}
