import type { FastifyInstance } from 'fastify';
import { isoDayInZone } from '@andes/domain/account-bills';
import { SUSPENSION_RULES, lastSuspendedDay, suspendedDays, suspensionProblem, suspensionState, type SuspensionReason } from '@andes/domain/suspension';
import { AppError } from '../../http/errors.ts';
import * as repo from './suspensions.repo.ts';
import type { LineSuspension } from './suspensions.repo.ts';

type Line = { id: number; phoneNumber: string };

export interface SuspensionInput {
  reason: SuspensionReason;
  startsOn: string;
  endsOn: string;
}

const fieldError = (field: string, key: string) => new AppError(key, 400, { fieldErrors: { [field]: [key] } });

export const today = (app: FastifyInstance, now = new Date()) => isoDayInZone(now, app.market.timeZone);

/** A suspension as the customer sees it: its days in the market's calendar. */
export function suspensionView(s: LineSuspension, on: string) {
  return {
    id: s.id,
    reason: s.reason,
    startsOn: s.startsOn,
    endsOn: s.endsOn,
    lastDay: lastSuspendedDay(s),
    days: suspendedDays(s),
    state: suspensionState(s, on),
    credit: s.credit,
  };
}

/** Days of suspension already taken (or planned) in `year`, the limit's calendar year. */
function daysInYear(list: LineSuspension[], year: string): number {
  return list.filter((s) => s.startsOn.startsWith(year)).reduce((sum, s) => sum + suspendedDays(s), 0);
}

/** The suspension page: the market's rule, the days left this year, the open suspension and the past ones. */
export async function suspensionOverview(app: FastifyInstance, line: Line) {
  const on = today(app);
  const list = await repo.lineSuspensionList(app.db, line.id);
  const rule = SUSPENSION_RULES[app.market.site];
  const open = list.find((s) => s.settledAt === null) ?? null;
  return {
    phoneNumber: line.phoneNumber,
    status: await repo.lineStatusOf(app.db, line.id),
    today: on,
    rule,
    daysLeft: Math.max(0, rule.yearlyDays - daysInYear(list, on.slice(0, 4))),
    current: open && suspensionView(open, on),
    history: list.filter((s) => s !== open).map((s) => suspensionView(s, on)),
  };
}

/**
 * Schedules a suspension within the market's rule. Only an active line may be suspended (a cut or
 * blocked one has its own way back), and only one suspension is open per line: two parallel requests
 * make one (the unique open index), the other is refused.
 */
export async function scheduleSuspension(app: FastifyInstance, line: Line, input: SuspensionInput, now = new Date()): Promise<LineSuspension> {
  if ((await repo.lineStatusOf(app.db, line.id)) !== 'active') throw new AppError('suspension.error.lineNotActive', 409);
  const on = today(app, now);
  const list = await repo.lineSuspensionList(app.db, line.id);
  if (list.some((s) => s.settledAt === null)) throw new AppError('suspension.error.exists', 409);
  const problem = suspensionProblem(app.market.site, input, on, daysInYear(list, input.startsOn.slice(0, 4)));
  if (problem) throw fieldError(problem.field, problem.key);
  const created = await repo.insertSuspension(app.db, { lineId: line.id, ...input, createdAt: now });
  if (!created) throw new AppError('suspension.error.exists', 409);
  return created;
}

/** Ends the line's open suspension today (the line is back today); a scheduled one is called off. */
export async function resumeSuspension(app: FastifyInstance, lineId: number, now = new Date()): Promise<LineSuspension> {
  const resumed = await repo.resumeOpen(app.db, lineId, today(app, now));
  if (!resumed) throw new AppError('suspension.error.none', 409);
  return resumed;
}
