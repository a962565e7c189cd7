import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as schema from '../schema.ts';
import type { LineHistory } from './history.ts';
import { insertJson } from './util.ts';
import { installmentsOnBill } from '@andes/domain/account-equipment';
import { previousCycleDay } from '@andes/domain/account-bills';

type CustomerInsert = Omit<typeof schema.customers.$inferInsert, 'id'>;

export interface AccountDraft {
  customer: CustomerInsert;
  lines: LineHistory[];
  notifications: Array<{ title: string; body: string; readAt: Date | null; createdAt: Date }>;
  /** Per line (same order as `lines`); absent when consumption is generated in SQL (seedScale). */
  consumption?: Array<Array<{ day: string; kind: string; amount: number }>>;
}

/**
 * Puts on each past bill the installments of the line's phones falling due in its period, as the billing
 * cycle does (account/installments.service.ts chargeInstallments): a bill line each, in the bill's amount.
 */
function addInstallmentCharges(l: LineHistory): void {
  for (const b of l.bills) {
    for (const e of l.equipment) {
      for (const _ of installmentsOnBill(e, previousCycleDay(b.issuedAt), b.issuedAt)) {
        b.amount += e.installmentAmount;
        l.charges.push({
          kind: 'installment',
          offerId: null,
          amount: e.installmentAmount,
          billNumber: b.number,
          createdAt: new Date(`${b.issuedAt}T12:00:00Z`),
        });
      }
    }
  }
}

/**
 * Writes customers, their lines and the lines' histories; returns the new line ids. `ticketPrefix`
 * is the market's code in ticket numbers (CL, PE).
 */
export async function writeAccounts(db: Db, accounts: AccountDraft[], ticketPrefix = 'CL'): Promise<number[]> {
  const customerIds = new Map<string, number>();
  const customers = await insertJson<typeof schema.customers, { id: number; document: string }>(
    db,
    schema.customers,
    accounts.map((a) => a.customer),
    ['id', 'document'],
  );
  for (const r of customers) customerIds.set(r.document, r.id);

  const lineRows = accounts.flatMap((a) => a.lines.map((l) => ({ ...l.line, customerId: customerIds.get(a.customer.document)! })));
  const lineIds = new Map<string, number>();
  const lines = await insertJson<typeof schema.lines, { id: number; phone_number: string }>(db, schema.lines, lineRows, ['id', 'phone_number']);
  for (const r of lines) lineIds.set(r.phone_number, r.id);
  const lineId = (l: LineHistory) => lineIds.get(l.line.phoneNumber)!;
  const allLines = accounts.flatMap((a) => a.lines);
  for (const l of allLines) addInstallmentCharges(l);

  const billRows = allLines.flatMap((l) =>
    l.bills.map((b) => ({
      lineId: lineId(l),
      number: b.number,
      period: b.period,
      issuedAt: b.issuedAt,
      dueAt: b.dueAt,
      amount: b.amount,
      proratedFrom: b.proratedFrom,
      status: b.status,
      paidAt: b.paidAt,
    })),
  );
  const billIds = new Map<string, number>();
  const bills = await insertJson<typeof schema.bills, { id: number; number: string }>(db, schema.bills, billRows, ['id', 'number']);
  for (const r of bills) billIds.set(r.number, r.id);

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
  await insertJson(db, schema.payments, paymentRows);

  await insertJson(
    db,
    schema.pointsHistory,
    allLines.flatMap((l) => l.points.map((p) => ({ lineId: lineId(l), ...p }))),
  );
  await insertJson(
    db,
    schema.lineBags,
    allLines.flatMap((l) => l.bags.map((b) => ({ lineId: lineId(l), ...b }))),
  );
  await insertJson(
    db,
    schema.billCharges,
    allLines.flatMap((l) =>
      l.charges.map((c) => ({
        lineId: lineId(l),
        billId: c.billNumber ? billIds.get(c.billNumber)! : null,
        kind: c.kind,
        offerId: c.offerId,
        amount: c.amount,
        createdAt: c.createdAt,
      })),
    ),
  );
  await insertJson(
    db,
    schema.lineBonuses,
    allLines.flatMap((l) => l.bonuses.map((b) => ({ lineId: lineId(l), ...b }))),
  );
  await insertJson(
    db,
    schema.lineEquipment,
    allLines.flatMap((l) => l.equipment.map((e) => ({ lineId: lineId(l), ...e }))),
  );
  const customerOf = new Map(accounts.flatMap((a) => a.lines.map((l) => [l.line.phoneNumber, customerIds.get(a.customer.document)!] as const)));
  const requestRows = allLines.flatMap((l) => l.requests.map((r) => ({ customerId: customerOf.get(l.line.phoneNumber)!, lineId: lineId(l), ...r })));
  requestRows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.lineId - b.lineId);
  const requestIds = await insertJson<typeof schema.serviceRequests, { id: number }>(
    db,
    schema.serviceRequests,
    requestRows.map((r, i) => ({ ...r, number: `seed-${i}` })),
    ['id'],
  );
  // public numbers follow the ids, like requests sent from the site (SR-0000001)
  if (requestIds.length > 0) {
    await db.execute(sql`update ${schema.serviceRequests} set number = 'SR-' || lpad(id::text, 7, '0') where number like 'seed-%'`);
  }
  const ticketRows = allLines.flatMap((l) => l.tickets.map((t) => ({ customerId: customerOf.get(l.line.phoneNumber)!, lineId: lineId(l), ...t })));
  ticketRows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.lineId - b.lineId);
  if (ticketRows.length > 0) {
    await insertJson(
      db,
      schema.tickets,
      ticketRows.map((t, i) => ({ ...t, number: `seed-${i}` })),
    );
    // public numbers follow the ids, like tickets opened on the site (TK-CL-0000001)
    await db.execute(sql`update ${schema.tickets} set number = ${`TK-${ticketPrefix}-`}::text || lpad(id::text, 7, '0') where number like 'seed-%'`);
  }
  await insertJson(
    db,
    schema.notifications,
    accounts.flatMap((a) => a.notifications.map((n) => ({ customerId: customerIds.get(a.customer.document)!, ...n }))),
  );
  const consumptionRows = accounts.flatMap((a) => (a.consumption ?? []).flatMap((rows, i) => rows.map((r) => ({ lineId: lineId(a.lines[i]), ...r }))));
  await insertJson(db, schema.consumption, consumptionRows);

  return allLines.map(lineId);
}
