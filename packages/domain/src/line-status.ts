/**
 * Whether a line's money actions (bags, bonuses, balance transfers) are refused in its status: cut
 * for an overdue bill, blocked after a theft or loss, suspended (at the customer's request or the
 * operator's), or still waiting for its holder to activate it (nothing to use a bag on yet). The
 * refusal's wording is the device rules' `lineRefusal`; screens ask only this, to show no button the
 * server would refuse.
 */
export function moneyActionsStopped(status: string): boolean {
  return status === 'cut' || status === 'blocked' || status === 'suspended' || status === PENDING_LINE_STATUS;
}

/**
 * A postpaid line sold with a new number whose SIM has not yet been put to use: the plan order opened
 * it, the chip travels to the customer, and its holder activates it from the captive host the network
 * sends a SIM in this state to (docs/decisions/023 addendum). Not billed until then.
 */
export const PENDING_LINE_STATUS = 'pending';

/** Whether the holder may activate this line now: a billed (postpaid or Controlado) line waiting for it. */
export function awaitsActivation(line: { kind: string; status: string }): boolean {
  return line.status === PENDING_LINE_STATUS && line.kind !== 'prepaid';
}
