import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';

const { claims, claimCounters, geoAreas, lines } = schema;

export type ClaimRow = typeof claims.$inferSelect;
export type NewClaim = Omit<typeof claims.$inferInsert, 'id' | 'code'>;

/** The next correlative number of a prefix and year, taken under the counter row's lock. */
async function nextSequence(db: Db, prefix: string, year: number): Promise<number> {
  const [row] = await db
    .insert(claimCounters)
    .values({ prefix, year, last: 1 })
    .onConflictDoUpdate({ target: [claimCounters.prefix, claimCounters.year], set: { last: sql`${claimCounters.last} + 1` } })
    .returning({ last: claimCounters.last });
  return row!.last;
}

/** Writes a claim under the next code of its prefix and year (`code` builds it from the number). */
export async function insertClaim(db: Db, prefix: string, year: number, code: (sequence: number) => string, claim: NewClaim): Promise<ClaimRow> {
  // one transaction: a failed insert gives its number back, so the correlative keeps no gaps
  return db.transaction(async (tx) => {
    const sequence = await nextSequence(tx, prefix, year);
    const [row] = await tx
      .insert(claims)
      .values({ ...claim, code: code(sequence) })
      .returning();
    return row!;
  });
}

/** The names of a department, province and district when each lies in the one before; else null. */
export async function geoChain(db: Db, codes: { department: string; province: string; district: string }) {
  const rows = await db
    .select()
    .from(geoAreas)
    .where(inArray(geoAreas.code, [codes.department, codes.province, codes.district]));
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const department = byCode.get(codes.department);
  const province = byCode.get(codes.province);
  const district = byCode.get(codes.district);
  return {
    department: department?.level === 1 ? department.name : null,
    province: province?.level === 2 && province.parentCode === codes.department ? province.name : null,
    district: district?.level === 3 && district.parentCode === codes.province ? district.name : null,
  };
}

export async function findClaim(db: Db, code: string): Promise<ClaimRow | undefined> {
  const [row] = await db.select().from(claims).where(eq(claims.code, code));
  return row;
}

/** Marks the sheet's PDF taken by its filing session: the row the first time, nothing after. */
export async function takePdf(db: Db, code: string, filerSession: string, now: Date): Promise<ClaimRow | undefined> {
  const [row] = await db
    .update(claims)
    .set({ pdfTakenAt: now })
    .where(and(eq(claims.code, code), eq(claims.filerSession, filerSession), isNull(claims.pdfTakenAt)))
    .returning();
  return row;
}

export async function markRegistered(db: Db, id: number, registeredAs: string): Promise<void> {
  await db.update(claims).set({ registeredAs }).where(eq(claims.id, id));
}

/** A customer's claims (about their lines, and book sheets filed while signed in), newest first. */
export async function customerClaims(db: Db, customerId: number) {
  return db
    .select({ claim: claims, phoneNumber: lines.phoneNumber })
    .from(claims)
    .leftJoin(lines, eq(lines.id, claims.lineId))
    .where(eq(claims.customerId, customerId))
    .orderBy(desc(claims.filedAt), desc(claims.id));
}
