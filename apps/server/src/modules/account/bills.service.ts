import type { FastifyInstance } from 'fastify';
import { billStatus, chargedDays, isoDayInZone } from '@andes/domain/account-bills';
import { formatMoney } from '@andes/domain/money';
import { formatCalendarDay, formatPeriod } from '@andes/domain/dates';
import { formatPhone } from '@andes/domain/documents';
import { AppError } from '../../http/errors.ts';
import { customerName } from './lines.repo.ts';
import { nextBillDay } from './billing.repo.ts';
import { findLineBill, findLinePayment, listBills, listCharges, listPayments } from './bills.repo.ts';
import { simplePdf } from '../../http/pdf.ts';

type Line = { id: number; phoneNumber: string; customerId: number };
type Charge = Awaited<ReturnType<typeof listCharges>>[number];

function today(app: FastifyInstance) {
  return isoDayInZone(new Date(), app.market.timeZone);
}

const validId = (id: number) => Number.isInteger(id) && id > 0 && id < 2 ** 31;

type Bill = Awaited<ReturnType<typeof listBills>>[number];

/**
 * The plan's part of a bill (what its itemised charges do not explain) and, on a prorated first
 * bill, the days it charged: from the plan's start to the day before the bill, of the period's days.
 */
function planView(app: FastifyInstance, bill: Bill, charges: Charge[]) {
  const amount = bill.amount - charges.reduce((s, c) => s + c.amount, 0);
  return {
    amount,
    amountFormatted: formatMoney(amount, app.market.currency),
    prorated: bill.proratedFrom ? chargedDays(bill.proratedFrom, bill.issuedAt) : null,
  };
}

/** The prorated plan line of a bill ('proporcional'), its days in the market's zone; null for a whole period. */
function proratedText(app: FastifyInstance, plan: ReturnType<typeof planView>) {
  const p = plan.prorated;
  if (!p) return null;
  const day = (iso: string) => formatCalendarDay(iso);
  return app.t('account.bills.planProrated', { from: day(p.from), to: day(p.to), days: p.days, periodDays: p.periodDays, amount: plan.amountFormatted });
}

function chargeView(app: FastifyInstance, c: Charge) {
  return {
    id: c.id,
    kind: c.kind,
    offerId: c.offerId,
    name: c.name,
    amount: c.amount,
    amountFormatted: formatMoney(c.amount, app.market.currency),
    createdAt: c.createdAt,
  };
}

/**
 * The line's bills (those of ended billing periods issued first) with the charges each one carried,
 * and the next bill: the day it is issued and the charges waiting for it.
 */
export async function billsOf(app: FastifyInstance, line: Line) {
  await app.linesAsOf({ lineId: line.id });
  const day = today(app);
  const [rows, charges, issuesOn] = await Promise.all([listBills(app.db, line.id), listCharges(app.db, line.id), nextBillDay(app.db, line.id)]);
  const pending = charges.filter((c) => c.billId === null);
  const pendingTotal = pending.reduce((s, c) => s + c.amount, 0);
  return {
    bills: rows.map((b) => {
      const own = charges.filter((c) => c.billId === b.id);
      const plan = planView(app, b, own);
      return {
        id: b.id,
        number: b.number,
        period: b.period,
        issuedAt: b.issuedAt,
        dueAt: b.dueAt,
        amount: b.amount,
        amountFormatted: formatMoney(b.amount, app.market.currency),
        status: billStatus(b, day),
        paidAt: b.paidAt,
        pdfUrl: `/restpp/asset/${line.phoneNumber}/bills/${b.id}/pdf`,
        plan: { ...plan, text: proratedText(app, plan) },
        charges: own.map((c) => chargeView(app, c)),
      };
    }),
    nextBill: {
      issuesOn: issuesOn ?? null,
      charges: pending.map((c) => chargeView(app, c)),
      total: { amount: pendingTotal, formatted: formatMoney(pendingTotal, app.market.currency) },
    },
  };
}

/** What the line paid (bills, top-ups, bags): charges waiting for a bill are not payments. */
export async function paymentsOf(app: FastifyInstance, line: Line) {
  const rows = await listPayments(app.db, line.id);
  const total = rows.reduce((s, p) => s + p.amount, 0);
  return {
    payments: rows.map((p) => ({ ...p, amountFormatted: formatMoney(p.amount, app.market.currency) })),
    total: { amount: total, formatted: formatMoney(total, app.market.currency) },
  };
}

/** One payment of this line; another line's payment id is refused like another customer's line. */
export async function paymentOf(app: FastifyInstance, line: Line, id: number) {
  const p = validId(id) ? await findLinePayment(app.db, line.id, id) : undefined;
  if (!p) throw new AppError('pp.error.asset.forbidden', 403);
  return { ...p, amountFormatted: formatMoney(p.amount, app.market.currency) };
}

export async function billPdf(app: FastifyInstance, line: Line, billId: number) {
  const bill = validId(billId) ? await findLineBill(app.db, line.id, billId) : undefined;
  // a bill of another line is refused like another customer's line: no data
  if (!bill) throw new AppError('pp.error.asset.forbidden', 403);
  const t = app.t;
  const status = billStatus(bill, today(app));
  const charges = (await listCharges(app.db, line.id)).filter((c) => c.billId === bill.id);
  const plan = planView(app, bill, charges);
  const pdf = simplePdf(t('account.bills.pdf.title', { number: bill.number }), [
    `${app.market.brandName} ${app.market.countryName}`,
    t('account.bills.pdf.customer', { name: await customerName(app.db, line.customerId) }),
    t('account.bills.pdf.line', { phone: formatPhone(line.phoneNumber, app.market.site) }),
    t('account.bills.pdf.period', { period: formatPeriod(bill.period) }),
    t('account.bills.pdf.issued', { date: formatCalendarDay(bill.issuedAt) }),
    t('account.bills.pdf.due', { date: formatCalendarDay(bill.dueAt) }),
    // the plan and the period's services (what the itemised charges do not explain), prorated on a first bill
    proratedText(app, plan) ?? t('account.bills.pdf.plan', { amount: plan.amountFormatted }),
    ...charges.map((c) =>
      t(`account.bills.charge.${c.kind === 'bag_renewal' || c.kind === 'suspension' ? c.kind : 'bag'}`, {
        name: c.name ?? '',
        amount: formatMoney(c.amount, app.market.currency),
      }),
    ),
    t('account.bills.pdf.amount', { amount: formatMoney(bill.amount, app.market.currency) }),
    t('account.bills.pdf.status', { status: t(`account.bill.status.${status}`) }),
  ]);
  return { pdf, filename: `${bill.number}.pdf` };
}
