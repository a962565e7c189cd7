import type { FastifyInstance } from 'fastify';
import { newClaim } from '../../claims.ts';
import { runPeriodically } from '../../periodic.ts';
import * as repo from './leads.repo.ts';

/** Lead events delivered per pass, so one slow CRM never runs a pass into the next. */
const EVENTS_PER_SWEEP = 50;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;

/** When a failed delivery is tried again: 30 s after the first failure, doubling, at most an hour apart. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers one queued lead event to the CRM, claimed first (docs/decisions/013) so two passes never
 * make the same call at once. Delivered at least once: a lost answer leaves the event undelivered and
 * it goes again under the same idempotency key, which the CRM keeps as one lead.
 */
export async function deliverEvent(app: FastifyInstance, id: number, now = new Date()): Promise<'delivered' | 'failed' | 'taken'> {
  const claim = newClaim(now);
  const event = await repo.claimDelivery(app.db, id, claim);
  if (!event) return 'taken';
  try {
    const { reference } = await app.adapters.crm.syncLead({ idempotencyKey: event.idempotencyKey, payload: event.payload });
    await repo.markDelivered(app.db, event.id, claim, reference, new Date());
    return 'delivered';
  } catch (error) {
    const attempts = event.attempts + 1;
    app.log.warn({ err: error, leadSync: event.id, attempts }, 'lead sync failed; the sweep tries again');
    await repo.markFailed(app.db, event.id, claim, error instanceof Error ? error.message : String(error), new Date(now.getTime() + retryDelayMs(attempts)));
    return 'failed';
  }
}

/** One pass of the lead-sync sweep: every due event, oldest first. */
export async function syncLeads(app: FastifyInstance, now = new Date()): Promise<{ delivered: number; failed: number }> {
  let delivered = 0;
  let failed = 0;
  for (const id of await repo.dueEvents(app.db, now, EVENTS_PER_SWEEP)) {
    const result = await deliverEvent(app, id, now);
    if (result === 'delivered') delivered += 1;
    if (result === 'failed') failed += 1;
  }
  return { delivered, failed };
}

/** Runs {@link syncLeads} every `seconds`, one process at a time (runPeriodically's advisory lock). */
export function startLeadSync(app: FastifyInstance, seconds: number): void {
  runPeriodically(app, 'lead sync', seconds, async () => {
    const done = await syncLeads(app);
    if (done.delivered || done.failed) app.log.info(done, 'lead sync');
  });
}
