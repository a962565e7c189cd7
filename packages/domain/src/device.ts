import type { SiteId } from './market.ts';
import { moneyActionsStopped } from './line-status.ts';
import { luhnCheckDigit } from './iccid.ts';

/**
 * Blocking a line or its phone (SPEC §4 "Block reasons", DOMAIN.md "Devices"). The reasons are the
 * operator's codes: SROBO robbery (with violence), SHURT theft (without), SEXTR loss, SPEBI the
 * holder's own request; SADBI, SPEUN and RENUNCIA are the operator's (administrative, unpaid,
 * cancellation) and never offered to customers (docs/decisions/021).
 */
export const BLOCK_REASONS = ['SROBO', 'SHURT', 'SEXTR', 'SPEBI', 'SADBI', 'SPEUN', 'RENUNCIA'] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];
export const CUSTOMER_BLOCK_REASONS = ['SROBO', 'SHURT', 'SEXTR', 'SPEBI'] as const satisfies readonly BlockReason[];
export type CustomerBlockReason = (typeof CUSTOMER_BLOCK_REASONS)[number];

/** `sim`: the line stops (calls, SMS, data) and keeps its number; `phone`: the IMEI is barred on every network; `all`: both. */
export const BLOCK_TYPES = ['sim', 'phone', 'all'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** Reasons that mean the phone is in someone else's hands. */
export function isTheft(reason: CustomerBlockReason): boolean {
  return reason === 'SROBO' || reason === 'SHURT';
}

/** What a block of this type stops. */
export function stopsLine(type: BlockType): boolean {
  return type !== 'phone';
}
export function barsImei(type: BlockType): boolean {
  return type !== 'sim';
}

/**
 * The block a report makes whatever the customer picked, or null when they pick. Chile: a theft
 * blocks SIM and IMEI. Peru: reporting a theft or a loss suspends the line and bars the IMEI on every
 * network at once.
 */
export function forcedBlockType(site: SiteId, reason: CustomerBlockReason): BlockType | null {
  if (isTheft(reason)) return 'all';
  if (site === 'pe' && reason === 'SEXTR') return 'all';
  return null;
}

export function blockTypeFor(site: SiteId, reason: CustomerBlockReason, picked: BlockType): BlockType {
  return forcedBlockType(site, reason) ?? picked;
}

/** Chile asks the police report number (parte o constancia) for a theft. */
export function needsPoliceReport(site: SiteId, reason: CustomerBlockReason): boolean {
  return site === 'cl' && isTheft(reason);
}

/** Peru's report gives the customer a code; it is what a stolen line's step-up asks for there. */
export function givesReportCode(site: SiteId, type: BlockType): boolean {
  return site === 'pe' && barsImei(type);
}

/**
 * The second factor of a step-up (unblocking, SIM change) beside the e-mailed code: for a line
 * reported stolen, what only the one who reported it knows (Chile's police report number, Peru's
 * report code); otherwise the identity bureau's questions.
 */
export type SecondFactor = 'identity' | 'report';
export function secondFactorFor(reportedStolen: boolean): SecondFactor {
  return reportedStolen ? 'report' : 'identity';
}

/** A police report number or report code as typed: letters and digits, case and separators ignored. */
export function sameReport(typed: string, stored: string): boolean {
  const clean = (s: string) => s.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return clean(typed).length > 0 && clean(typed) === clean(stored);
}

/** How a new SIM reaches the customer. */
export const SIM_DELIVERIES = ['delivery', 'pickup', 'esim'] as const;
export type SimDelivery = (typeof SIM_DELIVERIES)[number];

/** The end of the cool-down after a SIM change: until then the line's number proves nothing by SMS. */
export function coolDownUntil(changedAt: Date, hours: number): Date {
  return new Date(changedAt.getTime() + hours * 3_600_000);
}

/** CAMARA SIM Swap v1 `check`: maxAge in hours, 1 to 2400, 240 when absent. */
export const SIM_SWAP_MAX_AGE = { min: 1, max: 2400, default: 240 } as const;

/** Whether the latest SIM change is within `maxAgeHours` of `now`. */
export function swappedWithin(latest: Date | null, maxAgeHours: number, now: Date): boolean {
  return latest !== null && now.getTime() - latest.getTime() <= maxAgeHours * 3_600_000;
}

/** A CAMARA phone number (E.164 with +) as our 9-digit national number, when it is the market's. */
export function nationalNumber(e164: string, phonePrefix: string): string | null {
  const m = /^\+(\d{1,3})(\d{9})$/.exec(e164);
  return m && m[1] === phonePrefix ? m[2]! : null;
}

const REFUSALS = {
  cut: 'account.error.line.cut',
  blocked: 'device.error.line.blocked',
  suspended: 'suspension.error.line.suspended',
  pending: 'account.error.line.pending',
} as const;

/** Why a line's money actions (bags, bonuses, transfers) are refused in its status: cut for debt, blocked, suspended, or not yet activated. */
export function lineRefusal(status: string): (typeof REFUSALS)[keyof typeof REFUSALS] | null {
  if (!moneyActionsStopped(status)) return null;
  return REFUSALS[status as keyof typeof REFUSALS];
}

/** A phone's IMEI: 15 digits, the last the Luhn check digit of the other 14 (3GPP TS 23.003), as *#06# shows it. */
export function isValidImei(imei: string): boolean {
  return /^\d{15}$/.test(imei) && luhnCheckDigit(imei.slice(0, -1)) === imei.slice(-1);
}
