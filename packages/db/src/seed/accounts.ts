import type { Db } from '../client.ts';
import * as schema from '../schema.ts';
import type { LineHistory } from './history.ts';
import { batchSize, insertBatched } from './util.ts';

type CustomerInsert = Omit<typeof schema.customers.$inferInsert, 'id'>;

export interface AccountDraft {
  customer: CustomerInsert;
  lines: LineHistory[];
  notifications: Array<{ title: string; body: string; readAt: Date | null; createdAt: Date }>;
  /** Per line (same order as `lines`); absent when consumption is generated in SQL (seedScale). */
  consumption?: Array<Array<{ day: string; kind: string; amount: number }>>;
}

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Writes customers, their lines and the lines' histories; returns the new line ids. */
export async function writeAccounts(db: Db, accounts: AccountDraft[]): Promise<number[]> {
  const customerIds = new Map<string, number>();
  for (const chunk of chunks(accounts, batchSize(10))) {
    const rows = await db
      .insert(schema.customers)
      .values(chunk.map((a) => a.customer))
      .returning({ id: schema.customers.id, document: schema.customers.document });
    for (const r of rows) customerIds.set(r.document, r.id);
  }

  const lineRows = accounts.flatMap((a) =>
    a.lines.map((l) => ({ ...l.line, customerId: customerIds.get(a.customer.document)! })),
  );
  const lineIds = new Map<string, number>();
  for (const chunk of chunks(lineRows, batchSize(12))) {
    const rows = await db
      .insert(schema.lines)
      .values(chunk)
      .returning({ id: schema.lines.id, phoneNumber: schema.lines.phoneNumber });
    for (const r of rows) lineIds.set(r.phoneNumber, r.id);
  }
  const lineId = (l: LineHistory) => lineIds.get(l.line.phoneNumber)!;
  const allLines = accounts.flatMap((a) => a.lines);

  const billRows = allLines.flatMap((l) =>
    l.bills.map((b) => ({
      lineId: lineId(l),
      number: b.number,
      period: b.period,
      issuedAt: b.issuedAt,
      dueAt: b.dueAt,
      amount: b.amount,
      status: b.status,
      paidAt: b.paidAt,
    })),
  );
  const billIds = new Map<string, number>();
  for (const chunk of chunks(billRows, batchSize(8))) {
    const rows = await db.insert(schema.bills).values(chunk).returning({ id: schema.bills.id, number: schema.bills.number });
    for (const r of rows) billIds.set(r.number, r.id);
  }

  const paymentRows = allLines.flatMap((l) => [
    ...l.bills
      .filter((b) => b.status === 'paid' && b.paidAt)
      .map((b) => ({
        lineId: lineId(l),
        billId: billIds.get(b.number)!,
        kind: 'bill',
        amount: b.amount,
        method: b.method,
        createdAt: b.paidAt!,
      })),
    ...l.payments.map((p) => ({ lineId: lineId(l), billId: null, ...p })),
  ]);
  paymentRows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.lineId - b.lineId);
  await insertBatched(db, schema.payments, paymentRows, batchSize(6));

  await insertBatched(
    db,
    schema.pointsHistory,
    allLines.flatMap((l) => l.points.map((p) => ({ lineId: lineId(l), ...p }))),
    batchSize(5),
  );
  await insertBatched(
    db,
    schema.lineBags,
    allLines.flatMap((l) => l.bags.map((b) => ({ lineId: lineId(l), ...b }))),
    batchSize(7),
  );
  await insertBatched(
    db,
    schema.notifications,
    accounts.flatMap((a) => a.notifications.map((n) => ({ customerId: customerIds.get(a.customer.document)!, ...n }))),
    batchSize(5),
  );
  const consumptionRows = accounts.flatMap((a) =>
    (a.consumption ?? []).flatMap((rows, i) => rows.map((r) => ({ lineId: lineId(a.lines[i]), ...r }))),
  );
  await insertBatched(db, schema.consumption, consumptionRows, batchSize(4));

  return allLines.map(lineId);
}
