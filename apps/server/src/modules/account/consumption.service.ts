import type { FastifyInstance } from 'fastify';
import { isoDayInZone } from '@andes/domain/account-bills';
import { cycleStart, filterUsage, parseAllowance, totalsByKind, usageRange, type UsageKind } from '@andes/domain/account-consumption';
import { formatCalendarDay } from '@andes/domain/dates';
import { ErrorKeys } from '@andes/domain/error-keys';
import { AppError, notFound } from '../../http/errors.ts';
import { lineWithPlan } from './lines.repo.ts';
import { usageBetween } from './consumption.repo.ts';

type Line = { id: number };

/**
 * The current cycle's usage against the plan (totals and the daily data chart), and the detail of
 * the asked day range (the cycle when none is asked), filtered by kind. A range older than the
 * history kept, reversed or in the future is refused field by field, before anything is read.
 */
export async function consumptionOf(app: FastifyInstance, line: Line, filter: { kind?: UsageKind; from?: string; to?: string }) {
  const current = await lineWithPlan(app.db, line.id);
  if (!current) throw notFound();
  const today = isoDayInZone(new Date(), app.market.timeZone);
  const range = usageRange(today, current.cycleDay, filter);
  if (!range.ok) {
    const params = { oldest: formatCalendarDay(range.oldest) };
    throw new AppError(ErrorKeys.validation, 400, { params, fieldErrors: Object.fromEntries(Object.entries(range.errors).map(([f, k]) => [f, [k]])) });
  }
  const start = cycleStart(today, current.cycleDay);
  const cycle = await usageBetween(app.db, line.id, start, today);
  const sameAsCycle = range.from === start && range.to === today;
  const detailRows = sameAsCycle ? cycle : await usageBetween(app.db, line.id, range.from, range.to);
  const totals = totalsByKind(cycle, {
    data: parseAllowance(current.planData, 'data'),
    voice: parseAllowance(current.planVoice, 'voice'),
    sms: parseAllowance(current.planSms, 'sms'),
  });
  return {
    phoneNumber: current.phoneNumber,
    cycleStart: start,
    today,
    totals: totals.map((t) => ({ ...t, allowance: t.allowance === undefined ? 'notIncluded' : t.allowance })),
    dataByDay: filterUsage(cycle, { kind: 'data' }).reverse(),
    range: { from: range.from, to: range.to },
    detail: filterUsage(detailRows, { kind: filter.kind }),
    filter,
  };
}
