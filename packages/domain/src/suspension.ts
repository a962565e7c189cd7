import type { SiteId } from './market.ts';
import { addDaysIso, daysBetween } from './account-bills.ts';

/**
 * A temporary suspension at the customer's request (travel or a break). Peru (DOMAIN.md): 15 days
 * to 2 months a year, free, so the plan is not billed for the days suspended. Chile has no such rule;
 * ours (docs/decisions/024): 7 to 60 days, at most 60 days a calendar year, the plan billed as usual
 * (the line keeps its number, plan and points). A start may be chosen up to 30 days ahead.
 */
export interface SuspensionRule {
  minDays: number;
  maxDays: number;
  yearlyDays: number;
  /** Whether the plan is billed for the days the line is suspended. */
  billed: boolean;
  maxLeadDays: number;
}

export const SUSPENSION_RULES: Record<SiteId, SuspensionRule> = {
  pe: { minDays: 15, maxDays: 60, yearlyDays: 60, billed: false, maxLeadDays: 30 },
  cl: { minDays: 7, maxDays: 60, yearlyDays: 60, billed: true, maxLeadDays: 30 },
};

export const SUSPENSION_REASONS = ['travel', 'break'] as const;
export type SuspensionReason = (typeof SUSPENSION_REASONS)[number];

/** The plan's days a month of credit is counted in, for a line not billed while suspended. */
export const CREDIT_MONTH_DAYS = 30;

/** A suspension's dates: its first and last suspended days (inclusive), and the day it was ended early. */
export interface SuspensionDays {
  startsOn: string;
  endsOn: string;
  resumedOn: string | null;
}

/** The last day the line is (or was) suspended: the day before it was resumed early, or its planned end. */
export function lastSuspendedDay(s: SuspensionDays): string {
  return s.resumedOn && s.resumedOn <= s.endsOn ? addDaysIso(s.resumedOn, -1) : s.endsOn;
}

/** The days a suspension keeps (or kept) the line suspended; none for one ended before it began. */
export function suspendedDays(s: SuspensionDays): number {
  return Math.max(0, daysBetween(s.startsOn, lastSuspendedDay(s)) + 1);
}

export type SuspensionState = 'scheduled' | 'active' | 'ended';

export function suspensionState(s: SuspensionDays, today: string): SuspensionState {
  if (today > lastSuspendedDay(s) || (s.resumedOn !== null && s.resumedOn <= s.startsOn)) return 'ended';
  return today < s.startsOn ? 'scheduled' : 'active';
}

/** Why a requested suspension is refused (a field and a message key), or null. `usedDays`: this year's days already taken. */
export function suspensionProblem(
  site: SiteId,
  input: { startsOn: string; endsOn: string },
  today: string,
  usedDays: number,
): { field: 'startsOn' | 'endsOn'; key: string } | null {
  const rule = SUSPENSION_RULES[site];
  if (input.startsOn < today || input.startsOn > addDaysIso(today, rule.maxLeadDays)) return { field: 'startsOn', key: 'suspension.error.start' };
  const days = daysBetween(input.startsOn, input.endsOn) + 1;
  if (days < rule.minDays || days > rule.maxDays) return { field: 'endsOn', key: 'suspension.error.length' };
  if (usedDays + days > rule.yearlyDays) return { field: 'endsOn', key: 'suspension.error.yearly' };
  return null;
}

/** The credit for `days` of a plan of monthly `price` not billed, in the customer's favour (rounded up). */
export function suspensionCredit(price: number, days: number): number {
  return Math.ceil((price * days) / CREDIT_MONTH_DAYS);
}
