import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import type { ClaimState } from '@andes/domain/insurance-claims';

const { lineInsurances, insuranceClaims, insuranceClaimEvents, insurances } = schema;

export type CatalogueInsurance = typeof insurances.$inferSelect;
export type LineInsurance = typeof lineInsurances.$inferSelect & { insurance: CatalogueInsurance };
export type Claim = typeof insuranceClaims.$inferSelect;
export type ClaimEvent = typeof insuranceClaimEvents.$inferSelect;

export async function catalogue(db: Db): Promise<CatalogueInsurance[]> {
  return db.select().from(insurances).orderBy(asc(insurances.monthlyValue));
}

export async function catalogueByIds(db: Db, ids: string[]): Promise<Map<string, CatalogueInsurance>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(insurances).where(inArray(insurances.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The line's insurances with their catalogue facts, oldest first. */
export async function lineInsuranceList(db: Db, lineId: number): Promise<LineInsurance[]> {
  const rows = await db
    .select({ li: lineInsurances, insurance: insurances })
    .from(lineInsurances)
    .innerJoin(insurances, eq(insurances.id, lineInsurances.insuranceId))
    .where(eq(lineInsurances.lineId, lineId))
    .orderBy(asc(lineInsurances.startsAt), asc(lineInsurances.id));
  return rows.map((r) => ({ ...r.li, insurance: r.insurance }));
}

/** Records insurances bought with a phone; one already recorded (same order line and insurance) is left alone. */
export async function addLineInsurances(db: Db, rows: Array<typeof lineInsurances.$inferInsert>): Promise<void> {
  if (!rows.length) return;
  await db.insert(lineInsurances).values(rows).onConflictDoNothing();
}

/** Locks one of the line's insurances for a filing (the events count is read under it); undefined when it is not the line's. */
export async function lockLineInsurance(tx: Db, lineId: number, id: number): Promise<LineInsurance | undefined> {
  const rows = (await tx.execute(
    sql`select id from ${lineInsurances} where ${lineInsurances.id} = ${id} and ${lineInsurances.lineId} = ${lineId} for update`,
  )) as unknown as { rows: unknown[] };
  if (!rows.rows.length) return undefined;
  return (await lineInsuranceList(tx, lineId)).find((li) => li.id === id);
}

/** Claims on each insurance that took an event (every claim but a rejected one). */
export async function usedEvents(db: Db, lineId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: insuranceClaims.lineInsuranceId, n: sql<number>`count(*)::int` })
    .from(insuranceClaims)
    .where(and(eq(insuranceClaims.lineId, lineId), ne(insuranceClaims.status, 'rejected')))
    .groupBy(insuranceClaims.lineInsuranceId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/**
 * A new claim, numbered from its id (`number`), with its first timeline entry; undefined when the line
 * already has an open claim (the partial unique index: parallel filings make one).
 */
export async function insertClaim(
  tx: Db,
  row: Omit<typeof insuranceClaims.$inferInsert, 'number' | 'status' | 'updatedAt'>,
  number: (id: number) => string,
): Promise<Claim | undefined> {
  const [created] = await tx
    .insert(insuranceClaims)
    .values({ ...row, number: `new-${randomUUID()}`, status: 'filed', updatedAt: row.createdAt! })
    .onConflictDoNothing()
    .returning();
  if (!created) return undefined;
  const [numbered] = await tx
    .update(insuranceClaims)
    .set({ number: number(created.id) })
    .where(eq(insuranceClaims.id, created.id))
    .returning();
  await tx.insert(insuranceClaimEvents).values({ claimId: created.id, status: 'filed', createdAt: created.createdAt });
  return numbered;
}

export async function lineClaims(db: Db, lineId: number): Promise<Claim[]> {
  return db.select().from(insuranceClaims).where(eq(insuranceClaims.lineId, lineId)).orderBy(desc(insuranceClaims.createdAt), desc(insuranceClaims.id));
}

export async function claimEvents(db: Db, claimIds: number[]): Promise<ClaimEvent[]> {
  if (!claimIds.length) return [];
  return db
    .select()
    .from(insuranceClaimEvents)
    .where(inArray(insuranceClaimEvents.claimId, claimIds))
    .orderBy(asc(insuranceClaimEvents.createdAt), asc(insuranceClaimEvents.id));
}

export async function lineClaim(db: Db, lineId: number, number: string): Promise<Claim | undefined> {
  const [row] = await db
    .select()
    .from(insuranceClaims)
    .where(and(eq(insuranceClaims.lineId, lineId), eq(insuranceClaims.number, number)));
  return row;
}

/** The line's claim locked for the caller's transaction: every payment of its deductible (bill, balance or card) takes this lock. */
export async function lockClaim(tx: Db, lineId: number, number: string): Promise<Claim | undefined> {
  const [row] = await tx
    .select()
    .from(insuranceClaims)
    .where(and(eq(insuranceClaims.lineId, lineId), eq(insuranceClaims.number, number)))
    .for('update');
  return row;
}

export async function setInsurerReference(db: Db, id: number, reference: string): Promise<void> {
  await db.update(insuranceClaims).set({ insurerReference: reference }).where(eq(insuranceClaims.id, id));
}

/** Moves a claim from `from` to `to` once (a parallel check that moved it first wins) and records it; answers whether this call did. */
export async function moveClaim(tx: Db, id: number, from: ClaimState, to: ClaimState, now: Date, final: boolean): Promise<boolean> {
  const moved = await tx
    .update(insuranceClaims)
    .set({ status: to, updatedAt: now, ...(final ? { closedAt: now } : {}) })
    .where(and(eq(insuranceClaims.id, id), eq(insuranceClaims.status, from)))
    .returning({ id: insuranceClaims.id });
  if (!moved.length) return false;
  await tx.insert(insuranceClaimEvents).values({ claimId: id, status: to, createdAt: now });
  return true;
}

/** Marks an approved claim's deductible paid, once: answers whether this call did. */
export async function markDeductiblePaid(tx: Db, id: number, method: 'bill' | 'balance' | 'card', now: Date): Promise<boolean> {
  const done = await tx
    .update(insuranceClaims)
    .set({ deductiblePayment: method, deductiblePaidAt: now, updatedAt: now })
    .where(and(eq(insuranceClaims.id, id), eq(insuranceClaims.status, 'approved'), sql`${insuranceClaims.deductiblePaidAt} is null`))
    .returning({ id: insuranceClaims.id });
  return done.length > 0;
}

/** The line's kind and status (the subscriber capability sets them). */
export async function lineFacts(db: Db, lineId: number): Promise<{ kind: string; status: string }> {
  const [row] = await db.select({ kind: schema.lines.kind, status: schema.lines.status }).from(schema.lines).where(eq(schema.lines.id, lineId));
  return row ?? { kind: 'prepaid', status: 'active' };
}
