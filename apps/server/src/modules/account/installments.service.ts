import type { FastifyInstance } from 'fastify';
import type { Db } from '@andes/db/client';
import { isoDayInZone, nextCycleDay } from '@andes/domain/account-bills';
import { installmentPaymentProblem, installmentsOnBill, installmentSummary, outstandingInstallments } from '@andes/domain/account-equipment';
import { formatMoney } from '@andes/domain/money';
import { AppError } from '../../http/errors.ts';
import { equipmentOfLine, insertFinancedPhone, insertInstallmentCharge, installmentPayments, lineEquipmentList } from './installments.repo.ts';
import { lineWithPlan } from './lines.repo.ts';
import { startCardPayment } from './topups.service.ts';

type Line = { id: number; phoneNumber: string };

const today = (app: FastifyInstance) => isoDayInZone(new Date(), app.market.timeZone);

/**
 * The installments the bill issued on `day` charges for the line's phones (those falling due in its
 * period, `after` exclusive, except the ones paid ahead), under a lock on the phones' rows so a payment
 * ahead settling at the same moment waits for it. `record` puts them on the bill once it exists.
 */
export async function chargeInstallments(tx: Db, lineId: number, after: string, day: string) {
  const due = (await lineEquipmentList(tx, lineId, true)).map((e) => ({ e, numbers: installmentsOnBill(e, after, day) }));
  const total = due.reduce((s, d) => s + d.numbers.length * d.e.installmentAmount, 0);
  return {
    total,
    record: async (billId: number) => {
      for (const d of due) {
        for (const _ of d.numbers)
          await insertInstallmentCharge(tx, { lineId, billId, amount: d.e.installmentAmount, createdAt: new Date(`${day}T12:00:00Z`) });
      }
    },
  };
}

/**
 * Puts a phone sold on installments (a Blue phone, SPEC §9) on the line it was sold with: its monthly
 * quota falls due on the line's first bill after `fromDay` (the day its SIM is in the customer's hands),
 * then one a month for `installments` months. Once per order line.
 */
export async function recordFinancedPhone(
  tx: Db,
  phone: {
    lineId: number;
    orderLineId: number;
    brand: string;
    model: string;
    price: number;
    installments: number;
    installmentAmount: number;
    rentalType: string;
  },
  fromDay: string,
  purchasedAt: Date,
): Promise<void> {
  const line = await lineWithPlan(tx, phone.lineId);
  if (!line) return;
  await insertFinancedPhone(tx, { ...phone, firstInstallmentAt: nextCycleDay(fromDay, line.cycleDay), purchasedAt });
}

/** The quotas-pagar page: each financed phone, its installments left in order, and those paid ahead. */
export async function installmentsView(app: FastifyInstance, line: Line) {
  await app.linesAsOf({ lineId: line.id });
  const on = today(app);
  const money = (amount: number) => ({ amount, formatted: formatMoney(amount, app.market.currency) });
  const [rows, paid] = await Promise.all([lineEquipmentList(app.db, line.id), installmentPayments(app.db, line.id)]);
  return {
    phoneNumber: line.phoneNumber,
    today: on,
    equipment: rows.map((e) => {
      const s = installmentSummary(e, on);
      return {
        id: e.id,
        brand: e.brand,
        model: e.model,
        installments: e.installments,
        installmentAmount: money(e.installmentAmount),
        billed: s.billed,
        paid: s.paid,
        left: s.left,
        prepaidThrough: e.prepaidThrough,
        amountLeft: money(s.amountLeft),
        nextPayable: s.nextPayable,
        outstanding: outstandingInstallments(e, on).map((i) => ({ number: i.number, dueOn: i.dueOn, amount: money(i.amount) })),
      };
    }),
    payments: paid.map((p) => ({
      buyOrder: p.buyOrder,
      equipmentId: p.equipmentId ?? 0,
      from: p.from ?? 0,
      count: p.count ?? 0,
      amount: money(p.amount),
      cardLast4: p.cardLast4,
      paidAt: p.paidAt ? p.paidAt.toISOString() : null,
    })),
  };
}

const fieldError = (field: string, key: string, status = 400) => new AppError(key, status, { fieldErrors: { [field]: [key] } });

/**
 * Pays ahead the next `count` installments of one of the line's phones by card, through the card
 * payment flow (one attempt per idempotency key, reconciled by the order sweep). The customer sends
 * what the page showed (the first installment and the amount): anything else is refused, so the
 * price shown is the price charged.
 */
export async function startInstallmentPayment(
  app: FastifyInstance,
  line: Line,
  sessionId: string,
  input: { equipmentId: number; from: number; count: number; amount: number; idempotencyKey: string },
) {
  const e =
    Number.isInteger(input.equipmentId) && input.equipmentId > 0 && input.equipmentId < 2 ** 31
      ? await equipmentOfLine(app.db, line.id, input.equipmentId)
      : undefined;
  // another line's phone is refused like another customer's line: no data
  if (!e) throw new AppError('pp.error.asset.forbidden', 403);
  const problem = installmentPaymentProblem(e, today(app), input.count, input.from);
  if (problem === 'account.installments.error.stale') throw fieldError('from', problem, 409);
  if (problem) throw fieldError('count', problem);
  if (input.amount !== input.count * e.installmentAmount) throw fieldError('amount', 'account.installments.error.amount', 409);
  return startCardPayment(app, line, sessionId, {
    amount: input.amount,
    idempotencyKey: input.idempotencyKey,
    purpose: 'installments',
    equipmentId: e.id,
    installmentFrom: input.from,
    installmentCount: input.count,
    prefix: 'IP',
  });
}
