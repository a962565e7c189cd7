/**
 * Consumption of a line in its current cycle against the plan's allowance (TMF677 buckets).
 */
export type UsageKind = 'data' | 'voice' | 'sms';
export const usageKinds: ReadonlyArray<UsageKind> = ['data', 'voice', 'sms'];

export interface UsageRow {
  day: string;
  kind: string;
  amount: number;
}

/** Allowance parsed from a plan text: '30 GB' → 30720 MB, '300 min' → 300, 'ilimitada' → null (unlimited). */
export function parseAllowance(text: string | null | undefined, kind: UsageKind): number | null | undefined {
  if (text == null) return undefined;
  if (/ilimitad/i.test(text)) return null;
  const m = /([\d.,]+)\s*(GB|MB)?/i.exec(text);
  if (!m) return undefined;
  const n = Number(m[1]!.replace(',', '.'));
  if (kind === 'data' && m[2]?.toUpperCase() !== 'MB') return Math.round(n * 1024);
  return Math.round(n);
}

/** Start (inclusive) of the cycle containing `today` for a line billed on `cycleDay` (ISO days). */
export function cycleStart(today: string, cycleDay: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const start = d >= cycleDay ? new Date(Date.UTC(y, m - 1, cycleDay)) : new Date(Date.UTC(y, m - 2, cycleDay));
  return start.toISOString().slice(0, 10);
}

export interface UsageBucket {
  kind: UsageKind;
  used: number;
  /** null: unlimited; undefined: not part of the plan (prepaid lines). */
  allowance: number | null | undefined;
  /** 0–100, or null when there is no finite allowance. */
  percent: number | null;
}

export function totalsByKind(rows: ReadonlyArray<UsageRow>, allowances: Record<UsageKind, number | null | undefined>): UsageBucket[] {
  return usageKinds.map((kind) => {
    const used = rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.amount, 0);
    const allowance = allowances[kind];
    const percent = typeof allowance === 'number' && allowance > 0 ? Math.min(100, Math.round((used / allowance) * 100)) : null;
    return { kind, used, allowance, percent };
  });
}

/** Daily rows filtered by kind and by an inclusive day range, most recent first. */
export function filterUsage(rows: ReadonlyArray<UsageRow>, filter: { kind?: UsageKind; from?: string; to?: string }): UsageRow[] {
  return rows
    .filter((r) => (!filter.kind || r.kind === filter.kind) && (!filter.from || r.day >= filter.from) && (!filter.to || r.day <= filter.to))
    .sort((a, b) => (a.day === b.day ? a.kind.localeCompare(b.kind) : b.day.localeCompare(a.day)));
}

/**
 * Which bars of a daily chart get a day label on the axis, as indices: the first and then every k-th,
 * k the smallest step that keeps the labels to `most` (so they stay readable on a phone). Each label
 * has its k bars' width to itself, so the last one is left out when fewer than k bars follow it.
 */
export function axisLabelIndices(count: number, most: number): number[] {
  if (count <= 0 || most <= 0) return [];
  const step = Math.ceil(count / most);
  return Array.from({ length: Math.floor(count / step) }, (_, i) => i * step);
}

/** How far back the consumption detail goes: the operator keeps six months of daily usage online. */
export const USAGE_HISTORY_MONTHS = 6;

/** An ISO day plus (or minus) whole months, the day clamped to the target month's length. */
export function addMonthsIso(isoDay: string, months: number): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  // clamp to the target month's last day (31 March minus one month is 28/29 February)
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}

/** The oldest day the detail may show on `today`. */
export function oldestUsageDay(today: string): string {
  return addMonthsIso(today, -USAGE_HISTORY_MONTHS);
}

export type UsageRangeError = 'account.validation.range.order' | 'account.validation.range.tooOld' | 'account.validation.range.future';

/**
 * The day range of the consumption detail: the current cycle when none is asked for; a missing
 * `from` is the cycle start (or the first day of `to`'s month when `to` is older), a missing `to` is
 * today. A range that ends before it starts, starts more than six months ago or ends after today is
 * refused, field by field.
 */
export function usageRange(
  today: string,
  cycleDay: number,
  asked: { from?: string; to?: string },
): { ok: true; from: string; to: string } | { ok: false; errors: Partial<Record<'from' | 'to', UsageRangeError>>; oldest: string } {
  const to = asked.to ?? today;
  const start = cycleStart(today, cycleDay);
  const from = asked.from ?? (start <= to ? start : `${to.slice(0, 8)}01`);
  const oldest = oldestUsageDay(today);
  const errors: Partial<Record<'from' | 'to', UsageRangeError>> = {};
  if (from < oldest) errors.from = 'account.validation.range.tooOld';
  if (to > today) errors.to = 'account.validation.range.future';
  else if (from > to) errors.to = 'account.validation.range.order';
  return Object.keys(errors).length ? { ok: false, errors, oldest } : { ok: true, from, to };
}

/** Data figures of one view share a unit: GB when any of them (the plan's allowance, say) reaches 1 GB. */
export function dataUnitFor(megabytes: ReadonlyArray<number | null | undefined>): 'GB' | 'MB' {
  return megabytes.some((mb) => typeof mb === 'number' && mb >= 1024) ? 'GB' : 'MB';
}

/** A data figure in MB expressed in the view's unit: 12 800 MB in GB → 12.5. */
export function dataInUnit(megabytes: number, unit: 'GB' | 'MB'): number {
  return unit === 'GB' ? megabytes / 1024 : megabytes;
}
