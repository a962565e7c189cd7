import type { FastifyInstance } from 'fastify';
import {
  billDueDay,
  billingStartsOn,
  billNumber,
  dueBillDays,
  firstBillingPeriod,
  isoDayInZone,
  nextCycleDay,
  planCharge,
  planPriceOn,
  previousCycleDay,
  splitPlanCharge,
} from '@andes/domain/account-bills';
import { formatMoney } from '@andes/domain/money';
import { lineTerms, planPriceInMonth } from '@andes/domain/plans';
import { formatCalendarDay } from '@andes/domain/dates';
import { formatPhone } from '@andes/domain/documents';
import { runPeriodically } from '../../periodic.ts';
import { addNotification } from './customer.repo.ts';
import { lineChanges, setChangeBill } from './plan-change.repo.ts';
import { chargeInstallments } from './installments.service.ts';
import { advanceBilling, anchorLines, chargeBill, insertBill, linesDueForBill, unanchoredLines, wholeBillCount, type BillingScope } from './billing.repo.ts';

type DueLine = Awaited<ReturnType<typeof linesDueForBill>>[number];

/** Lines one sweep pass anchors or bills at most, so a pass stays short; the rest wait for the next. */
const LINES_PER_SWEEP = 200;

/**
 * The billing cycle (SPEC §9 terms): when a billed line's period ends on its cycle day, that period's
 * bill is issued once: the plan's price (prorated on a line's first bill when its billing started
 * mid-cycle, see planCharge and billingStartsOn) plus the charges made for it (bags on the bill, renewals),
 * due 15 days later, and a bill still unpaid 5 days after that cuts the line (subscriber/line-status.service.ts). Like
 * the line status and the bag renewals it runs whenever the lines are read, and the billing sweep
 * issues the bills of lines nobody reads. Each bill is one transaction with moving the line's next
 * bill day, so concurrent passes issue it once. Answers how many bills were issued.
 */
export async function issueDueBills(app: FastifyInstance, which: BillingScope, now = new Date()): Promise<number> {
  const today = isoDayInZone(now, app.market.timeZone);
  // a line seen billable for the first time is billed from its latest bill, or from the day its
  // billing starts (its first bill prorated): its activation, or the end of the month paid at its migration
  const fresh = await unanchoredLines(app.db, which);
  const dayOf = (at: Date) => isoDayInZone(at, app.market.timeZone);
  await anchorLines(
    app.db,
    fresh.map((l) =>
      l.lastIssuedOn
        ? { lineId: l.lineId, nextBillOn: nextCycleDay(l.lastIssuedOn, l.cycleDay), proratedFrom: null }
        : { lineId: l.lineId, ...firstBillingPeriod(billingStartsOn(dayOf(l.activatedAt), l.migratedAt && dayOf(l.migratedAt)), today, l.cycleDay) },
    ),
  );
  let issued = 0;
  for (const line of await linesDueForBill(app.db, which, today)) {
    for (const day of dueBillDays(line.nextBillOn, line.cycleDay, today)) {
      if (!(await issueOnce(app, line, day))) break;
      issued += 1;
    }
  }
  return issued;
}

async function issueOnce(app: FastifyInstance, line: DueLine, day: string): Promise<boolean> {
  const { market, t } = app;
  return app.db.transaction(async (tx) => {
    if (!(await advanceBilling(tx, line.lineId, day, nextCycleDay(day, line.cycleDay)))) return false;
    const number = billNumber(market.billNumberPrefix, day, line.phoneNumber);
    const dueAt = billDueDay(day);
    // the contract's month this period bills: the promotion the line was sold with lasts its whole periods
    const current = planPriceInMonth(lineTerms(line.planPrice, line), (await wholeBillCount(tx, line.lineId)) + 1);
    // the plan changes decide the plan of the period (docs/decisions/027): an upgrade inside it splits the charge by days
    const periodStart = previousCycleDay(day);
    const changes = await lineChanges(tx, line.lineId);
    const inside = changes.find((c) => c.effectiveOn > periodStart && c.effectiveOn < day);
    const monthly = planPriceOn(changes, periodStart, current);
    // only the line's first period may have begun mid-cycle; every later one starts on its cycle day
    const firstFrom = line.proratedFrom && day === line.nextBillOn ? line.proratedFrom : null;
    const split = inside ? splitPlanCharge(inside.fromPrice, inside.toPrice, firstFrom ?? periodStart, inside.effectiveOn, day) : undefined;
    const plan = !split && firstFrom ? planCharge(monthly, firstFrom, day) : undefined;
    const planAmount = split?.amount ?? plan?.amount ?? monthly;
    const proratedFrom = plan?.prorated ? plan.from : split && firstFrom && firstFrom > periodStart ? firstFrom : null;
    const installments = await chargeInstallments(tx, line.lineId, periodStart, day);
    const amount = planAmount + installments.total;
    const billId = await insertBill(tx, { lineId: line.lineId, number, period: day.slice(0, 7), issuedAt: day, dueAt, amount, proratedFrom });
    // a bill of that month already exists (issued before this line had its billing row): keep it
    if (billId === undefined) return true;
    if (split && inside) await setChangeBill(tx, inside.id, billId, split.from.amount, split.to.amount);
    await installments.record(billId);
    const charges = await chargeBill(tx, line.lineId, billId, day, market.timeZone);
    const params = {
      number,
      amount: formatMoney(amount + charges, market.currency),
      date: formatCalendarDay(dueAt),
      phone: formatPhone(line.phoneNumber, market.site),
    };
    await addNotification(tx, line.customerId, t('account.notice.billIssued.title', params), t('account.notice.billIssued.body', params));
    return true;
  });
}

/**
 * Runs the billing cycle over every line every `seconds`, so bills are issued (and their notices
 * sent) on the cycle day even for customers who do not sign in. Several processes may run it: each
 * bill moves the line's next bill day with a guarded update, so it is issued once.
 */
export function startBillingSweep(app: FastifyInstance, seconds: number): void {
  runPeriodically(app, 'billing sweep', seconds, async () => {
    const issued = await issueDueBills(app, { all: true, limit: LINES_PER_SWEEP });
    if (issued) app.log.info({ issued }, 'billing sweep');
  });
}
