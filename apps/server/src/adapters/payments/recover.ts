import type { PaymentGatewayPort, PaymentOutcome } from './port.ts';

/**
 * Before committing a gateway payment the shop marks its attempt as committing; an attempt still
 * marked this long after is one whose process died (or lost its database) between the gateway's
 * commit and the shop's update, and the sweep finishes it. Longer than any return takes.
 */
export const COMMIT_GRACE_MS = 2 * 60_000;

/** How long a sweep holds an attempt it is finishing, so another process's sweep leaves it alone. */
export const RECONCILE_LEASE_MS = 2 * 60_000;

/**
 * The outcome of a commit the shop started and may not have seen through: what the gateway recorded
 * when the commit reached it (asked with `status`, which changes nothing), else the commit made now,
 * since the customer came back and the shop owes the gateway that commit.
 */
export async function finishCommit(payments: PaymentGatewayPort, token: string): Promise<PaymentOutcome> {
  const known = await payments.status(token);
  return known.committed ? known.outcome : payments.commit(token);
}
