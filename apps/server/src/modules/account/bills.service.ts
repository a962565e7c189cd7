import type { FastifyInstance } from 'fastify';
import { addDaysIso, billStatus, chargedDays, daysBetween, isoDayInZone, previousCycleDay, splitPlanCharge } from '@andes/domain/account-bills';
import { installmentsOnBill, outstandingInstallments } from '@andes/domain/account-equipment';
import { formatMoney } from '@andes/domain/money';
import { formatCalendarDay, formatPeriod } from '@andes/domain/dates';
import { formatPhone } from '@andes/domain/documents';
import { AppError } from '../../http/errors.ts';
import { customerName } from './lines.repo.ts';
import { nextBillOf } from './billing.repo.ts';
import { findLineBill, findLinePayment, listBills, listCharges, listPayments } from './bills.repo.ts';
import { simplePdf } from '../../http/pdf.ts';
import { changesOfBills, planChangeList, type NamedPlanChange } from './plan-change.repo.ts';
import { lineEquipmentList } from './installments.repo.ts';

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

type BillChange = Awaited<ReturnType<typeof changesOfBills>>[number];

/**
 * The two parts of a bill whose period had an upgrade inside it (docs/decisions/027): each plan for its
 * days, with the line as the bill and the PDF show it.
 */
function changeParts(app: FastifyInstance, bill: Bill, change: BillChange | undefined) {
  if (!change || change.fromAmount === null || change.toAmount === null) return null;
  const whole = chargedDays(bill.proratedFrom ?? previousCycleDay(bill.issuedAt), bill.issuedAt);
  const day = (iso: string) => formatCalendarDay(iso);
  const before = { from: whole.from, to: addDaysIso(change.effectiveOn, -1), days: daysBetween(whole.from, change.effectiveOn) };
  const after = { from: change.effectiveOn, to: whole.to, days: daysBetween(change.effectiveOn, bill.issuedAt) };
  const text = (name: string, part: typeof before, amount: number) =>
    app.t('account.bills.planChange.part', {
      name,
      from: day(part.from),
      to: day(part.to),
      days: part.days,
      periodDays: whole.periodDays,
      amount: formatMoney(amount, app.market.currency),
    });
  return {
    fromPlan: change.fromPlanName,
    toPlan: change.toPlanName,
    changedOn: change.effectiveOn,
    periodDays: whole.periodDays,
    from: { ...before, amount: change.fromAmount, text: text(change.fromPlanName, before, change.fromAmount) },
    to: { ...after, amount: change.toAmount, text: text(change.toPlanName, after, change.toAmount) },
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
    name: c.kind === 'installment' || c.kind === 'installment_credit' ? app.t('account.bills.installment') : c.name,
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
  const [rows, charges, next, equipment, changes] = await Promise.all([
    listBills(app.db, line.id),
    listCharges(app.db, line.id),
    nextBillOf(app.db, line.id),
    lineEquipmentList(app.db, line.id),
    planChangeList(app.db, line.id),
  ]);
  const split = await changesOfBills(
    app.db,
    rows.map((b) => b.id),
  );
  const issuesOn = next?.nextBillOn;
  const pending = charges.filter((c) => c.billId === null);
  // the installments the next bill will charge (those paid ahead are not); a line not billed yet (its SIM
  // on its way) shows those of its first bill, the day its first installment falls due
  const previewOn =
    issuesOn ??
    equipment
      .map((e) => outstandingInstallments(e, day)[0]?.dueOn)
      .filter((d): d is string => !!d)
      .sort()[0];
  const installmentLines = previewOn
    ? equipment.flatMap((e) =>
        installmentsOnBill(e, previousCycleDay(previewOn), previewOn).map((n) => ({
          equipmentId: e.id,
          number: n,
          of: e.installments,
          amount: e.installmentAmount,
          text: app.t('account.bills.next.installmentLine', {
            number: n,
            of: e.installments,
            name: `${e.brand} ${e.model}`.trim(),
            amount: formatMoney(e.installmentAmount, app.market.currency),
          }),
        })),
      )
    : [];
  const nextInstallments = installmentLines.reduce((s, l) => s + l.amount, 0);
  const nextChange = changes.find(
    (c) => c.state === 'scheduled' || (c.state === 'applied' && c.kind === 'upgrade' && c.periodEndsOn === issuesOn && c.billId === null),
  );
  // what the next bill charges besides the plan: the charges waiting for it and the installments falling due on it
  const pendingTotal = pending.reduce((s, c) => s + c.amount, 0) + nextInstallments;
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
        plan: planWithChange(
          app,
          b,
          plan,
          split.find((c) => c.billId === b.id),
        ),
        charges: own.map((c) => chargeView(app, c)),
      };
    }),
    nextBill: {
      issuesOn: issuesOn ?? null,
      charges: pending.map((c) => chargeView(app, c)),
      total: { amount: pendingTotal, formatted: formatMoney(pendingTotal, app.market.currency) },
      installments: { amount: nextInstallments, formatted: formatMoney(nextInstallments, app.market.currency) },
      installmentLines,
      planChange: nextChange
        ? {
            kind: nextChange.kind,
            state: nextChange.state,
            toPlan: nextChange.toPlanName,
            effectiveOn: nextChange.effectiveOn,
            text: nextChangeText(app, nextChange, next?.proratedFrom ?? null),
          }
        : null,
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
    // the plan and the period's services (what the itemised charges do not explain), prorated on a first
    // bill, or each plan by its days when the line moved to a dearer plan inside the period
    ...planLines(app, bill, plan, (await changesOfBills(app.db, [bill.id]))[0]),
    ...charges.map((c) =>
      t(
        `account.bills.charge.${['bag_renewal', 'suspension', 'installment', 'installment_credit', 'insurance_deductible'].includes(c.kind) ? c.kind : 'bag'}`,
        {
          name: c.name ?? '',
          amount: formatMoney(c.amount, app.market.currency),
        },
      ),
    ),
    t('account.bills.pdf.amount', { amount: formatMoney(bill.amount, app.market.currency) }),
    t('account.bills.pdf.status', { status: t(`account.bill.status.${status}`) }),
  ]);
  return { pdf, filename: `${bill.number}.pdf` };
}

/** The PDF's plan lines: both plans by their days after an upgrade, else the prorated or whole plan. */
function planLines(app: FastifyInstance, bill: Bill, plan: ReturnType<typeof planView>, change: BillChange | undefined): string[] {
  const parts = changeParts(app, bill, change);
  if (parts) return [parts.from.text, parts.to.text];
  return [proratedText(app, plan) ?? app.t('account.bills.pdf.plan', { amount: plan.amountFormatted })];
}

/**
 * What the next bill will do about a plan change: a scheduled one names its day; an upgrade this period
 * gives both plans' parts, computed by the rule the bill applies (the price shown is the price charged).
 */
function nextChangeText(app: FastifyInstance, c: NamedPlanChange, firstFrom: string | null): string {
  if (c.state === 'scheduled') return app.t('account.bills.next.planChange.scheduled', { name: c.toPlanName, date: formatCalendarDay(c.effectiveOn) });
  const split = splitPlanCharge(c.fromPrice, c.toPrice, firstFrom ?? previousCycleDay(c.periodEndsOn), c.effectiveOn, c.periodEndsOn);
  const money = (amount: number) => formatMoney(amount, app.market.currency);
  return app.t('account.bills.next.planChange.upgrade', {
    name: c.toPlanName,
    from: c.fromPlanName,
    date: formatCalendarDay(c.effectiveOn),
    issuesOn: formatCalendarDay(c.periodEndsOn),
    fromDays: split.from.days,
    fromAmount: money(split.from.amount),
    toDays: split.to.days,
    toAmount: money(split.to.amount),
    amount: money(split.amount),
  });
}

/** A bill's plan part as the list shows it: both plans by their days after an upgrade (which then carries the proration), else prorated or whole. */
function planWithChange(app: FastifyInstance, bill: Bill, plan: ReturnType<typeof planView>, change: BillChange | undefined) {
  const parts = changeParts(app, bill, change);
  return { ...plan, text: parts ? null : proratedText(app, plan), change: parts };
}
