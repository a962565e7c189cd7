import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import type { Claim } from '../../claims.ts';

const { leads, leadAppointments, leadSync } = schema;

export type LeadRow = typeof leads.$inferSelect;
export type AppointmentRow = typeof leadAppointments.$inferSelect;
export type SyncRow = typeof leadSync.$inferSelect;
type NewLead = Omit<typeof leads.$inferInsert, 'id'>;
/** A CRM event to queue with the lead's change: its kind, key and what the CRM receives. */
export interface QueuedEvent {
  event: 'created' | 'moved' | 'cancelled';
  idempotencyKey: string;
  payload: Record<string, unknown>;
}

const queue = (tx: Db, leadId: number, e: QueuedEvent, now: Date) =>
  tx.insert(leadSync).values({ leadId, event: e.event, idempotencyKey: e.idempotencyKey, payload: e.payload, nextAttemptAt: now, createdAt: now });

/** Writes a lead and queues its CRM event in one transaction: no lead without its delivery, nor a delivery without its lead. */
export async function insertLead(db: Db, lead: NewLead, event: (lead: LeadRow) => QueuedEvent): Promise<LeadRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(leads).values(lead).returning();
    await queue(tx, row!.id, event(row!), lead.createdAt);
    return row!;
  });
}

/**
 * Writes an appointment's lead, the appointment and its CRM event in one transaction; undefined when
 * the slot is already booked here (the partial unique index), and nothing is written then.
 */
export async function insertAppointment(
  db: Db,
  lead: NewLead,
  appointment: { slotAt: Date; tokenHash: string; reference: string },
  event: (lead: LeadRow) => QueuedEvent,
): Promise<{ lead: LeadRow; appointment: AppointmentRow } | undefined> {
  return db
    .transaction(async (tx) => {
      const [row] = await tx.insert(leads).values(lead).returning();
      const [booked] = await tx
        .insert(leadAppointments)
        .values({ leadId: row!.id, ...appointment, createdAt: lead.createdAt, updatedAt: lead.createdAt })
        .returning();
      await queue(tx, row!.id, event(row!), lead.createdAt);
      return { lead: row!, appointment: booked! };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}

export async function findAppointment(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ appointment: leadAppointments, lead: leads })
    .from(leadAppointments)
    .innerJoin(leads, eq(leads.id, leadAppointments.leadId))
    .where(eq(leadAppointments.tokenHash, tokenHash));
  return row;
}

/**
 * Moves a booked appointment from the slot it is on to another (guarded on both: a move racing a
 * cancel or another move applies once) and queues the CRM event; undefined when it changed meanwhile
 * or the new slot is booked here.
 */
export async function moveAppointment(
  db: Db,
  id: number,
  from: { slotAt: Date; reference: string },
  to: { slotAt: Date; reference: string },
  event: QueuedEvent,
  now: Date,
): Promise<AppointmentRow | undefined> {
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .update(leadAppointments)
        .set({ slotAt: to.slotAt, reference: to.reference, updatedAt: now })
        .where(and(eq(leadAppointments.id, id), eq(leadAppointments.status, 'booked'), eq(leadAppointments.slotAt, from.slotAt)))
        .returning();
      if (row) await queue(tx, row.leadId, event, now);
      return row;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    });
}

/** Cancels a booked appointment and queues the CRM event; undefined when it was not booked any more. */
export async function cancelAppointment(db: Db, id: number, event: QueuedEvent, now: Date): Promise<AppointmentRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(leadAppointments)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(leadAppointments.id, id), eq(leadAppointments.status, 'booked')))
      .returning();
    if (row) await queue(tx, row.leadId, event, now);
    return row;
  });
}

/** Undelivered CRM events due at `now`, oldest first. */
export async function dueEvents(db: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: leadSync.id })
    .from(leadSync)
    .where(and(isNull(leadSync.deliveredAt), lte(leadSync.nextAttemptAt, now)))
    .orderBy(asc(leadSync.nextAttemptAt), asc(leadSync.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Takes one event's delivery for `claim` while it is undelivered, due, and no live claim holds it (docs/decisions/013). */
export async function claimDelivery(db: Db, id: number, claim: Claim): Promise<SyncRow | undefined> {
  const [row] = await db
    .update(leadSync)
    .set({ claimedBy: claim.owner, claimedAt: claim.at })
    .where(
      and(
        eq(leadSync.id, id),
        isNull(leadSync.deliveredAt),
        lte(leadSync.nextAttemptAt, claim.at),
        or(isNull(leadSync.claimedAt), lt(leadSync.claimedAt, claim.staleBefore)),
      ),
    )
    .returning();
  return row;
}

/** The CRM acknowledged the event: delivered, and the claim ends. */
export async function markDelivered(db: Db, id: number, claim: Claim, reference: string, now: Date): Promise<void> {
  await db
    .update(leadSync)
    .set({ deliveredAt: now, crmReference: reference, claimedBy: null, claimedAt: null, attempts: sql`${leadSync.attempts} + 1`, lastError: null })
    .where(and(eq(leadSync.id, id), eq(leadSync.claimedBy, claim.owner)));
}

/** The delivery failed: counted, tried again at `retryAt`, and the claim ends. */
export async function markFailed(db: Db, id: number, claim: Claim, error: string, retryAt: Date): Promise<void> {
  await db
    .update(leadSync)
    .set({ attempts: sql`${leadSync.attempts} + 1`, nextAttemptAt: retryAt, lastError: error.slice(0, 300), claimedBy: null, claimedAt: null })
    .where(and(eq(leadSync.id, id), eq(leadSync.claimedBy, claim.owner)));
}
