import { sql } from 'drizzle-orm';
import { getTableConfig, type PgInsertValue, type PgTable } from 'drizzle-orm/pg-core';
import type { Market } from '@andes/domain/market';
import { iccidOf } from '@andes/domain/iccid';
import type { Db } from '../client.ts';

export const DAY_MS = 86_400_000;

// ── Dates ───────────────────────────────────────────────────────────────────────────────────────
/** Calendar date (UTC midnight) of `now` in the market's time zone. */
export function marketToday(now: Date, market: Market): Date {
  const iso = new Intl.DateTimeFormat('en-CA', {
    timeZone: market.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return new Date(`${iso}T00:00:00Z`);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** Adds months keeping the day of month (clamped to the month's last day). */
export function addMonths(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(date.getUTCDate(), last), date.getUTCHours(), date.getUTCMinutes()));
}

/** 'YYYY-MM-DD' for date columns. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function isoMonth(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** A calendar day plus a time of day in hours (UTC offset ignored: good enough for seed data). */
export function at(day: Date, hours: number): Date {
  return new Date(day.getTime() + Math.round(hours * 3_600_000));
}

/** Latest date on or before `day` whose day of month is `cycleDay` (1–28). */
export function latestCycleDate(day: Date, cycleDay: number): Date {
  const sameMonth = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), cycleDay));
  return sameMonth.getTime() <= day.getTime() ? sameMonth : new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() - 1, cycleDay));
}

// ── Documents and codes ─────────────────────────────────────────────────────────────────────────
/** Chilean RUT check character (modulo 11). */
export function rutCheckDigit(body: number): string {
  let sum = 0;
  let factor = 2;
  for (const digit of String(body).split('').reverse()) {
    sum += Number(digit) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const r = 11 - (sum % 11);
  return r === 11 ? '0' : r === 10 ? 'K' : String(r);
}

/** Normalised RUT as stored: '12345678-5'. */
export function normalRut(body: number): string {
  return `${body}-${rutCheckDigit(body)}`;
}

/** A demo SIM's ICCID (packages/domain/src/iccid.ts): the serial is the demo line's number in the seed. */
export function simCode(market: Market, serial: number): string {
  return iccidOf(market, String(serial));
}

/** Upper-case id slug: 'Galaxy S24 Ultra' → 'GALAXY_S24_ULTRA'. */
export function slugId(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

// ── Money ───────────────────────────────────────────────────────────────────────────────────────
/** Rough CLP → PEN conversion for catalogue prices, rounded to a retail price point, in céntimos. */
export function clpToPen(clp: number): number {
  const soles = clp / 230;
  if (soles >= 1000) return (Math.round(soles / 100) * 100 - 1) * 100;
  if (soles >= 100) return (Math.round(soles / 10) * 10 - 1) * 100;
  return Math.max(990, Math.round(soles) * 100 - 10);
}

/** A CLP catalogue price in the market's minor units. */
export function marketPrice(market: Market, clp: number): number {
  return market.currency === 'CLP' ? clp : clpToPen(clp);
}

// ── Inserts ─────────────────────────────────────────────────────────────────────────────────────
/** Inserts rows in batches (PGlite and node-postgres both prefer fewer, larger statements). */
export async function insertBatched<T extends PgTable>(db: Db, table: T, rows: PgInsertValue<T>[], size = 500): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size));
  }
}

/**
 * Bulk insert through one JSON parameter (json_to_recordset): several times faster than a multi-row
 * VALUES statement for thousands of rows, on PGlite and on a server. Every row must have the same
 * keys (the table's property names); `returning` lists column names to read back.
 */
export async function insertJson<T extends PgTable, R extends Record<string, unknown> = Record<string, unknown>>(
  db: Db,
  table: T,
  rows: Array<T['$inferInsert']>,
  returning: string[] = [],
  chunk = 5000,
): Promise<R[]> {
  if (rows.length === 0) return [];
  const config = getTableConfig(table);
  const byKey = new Map(Object.entries(table as unknown as Record<string, unknown>));
  const columns = Object.keys(rows[0] as object).map((key) => {
    const column = byKey.get(key) as (typeof config.columns)[number] | undefined;
    if (!column || !config.columns.includes(column)) throw new Error(`insertJson: ${config.name} has no column ${key}`);
    const type = column.getSQLType();
    return { key, name: column.name, type: type === 'serial' ? 'integer' : type };
  });
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const definitions = columns.map((c) => `"${c.name}" ${c.type}`).join(', ');
  const back = returning.length > 0 ? ` returning ${returning.map((r) => `"${r}"`).join(', ')}` : '';
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const json = JSON.stringify(
      rows.slice(i, i + chunk).map((row) => {
        const record: Record<string, unknown> = {};
        for (const c of columns) record[c.name] = (row as Record<string, unknown>)[c.key] ?? null;
        return record;
      }),
    );
    const result = await db.execute(
      sql`insert into ${sql.raw(`"${config.name}"`)} (${sql.raw(names)}) select ${sql.raw(names)} from json_to_recordset(${json}::json) as x(${sql.raw(definitions)})${sql.raw(back)}`,
    );
    out.push(...(result as unknown as { rows: R[] }).rows);
  }
  return out;
}
