/**
 * The smart line (SPEC §2 `linea-smart`, docs/decisions/028): the line's own number on a smartwatch with
 * an eSIM, so the watch calls, texts and browses as the phone does without it. One watch per line, for
 * postpaid and Controlado (hybrid) lines that are active; included in the plan (no monthly charge).
 */
export const SMART_LINE_KINDS = ['postpaid', 'hybrid'] as const;

/** An EID (the watch's eUICC id, GSMA SGP.29): 32 digits starting 89, and the whole number mod 97 is 1. */
export const EID_LENGTH = 32;

export function isValidEid(eid: string): boolean {
  if (!/^89\d{30}$/.test(eid)) return false;
  return mod97(eid) === 1;
}

/** The number's remainder by 97, digit by digit (it is far beyond a float's precision). */
function mod97(digits: string): number {
  let r = 0;
  for (const d of digits) r = (r * 10 + Number(d)) % 97;
  return r;
}

/** The two check digits that make a 30-digit EID body valid (SGP.29: 98 − (body·100 mod 97)). */
export function eidCheckDigits(body: string): string {
  return String(98 - mod97(`${body}00`)).padStart(2, '0');
}

/** Typing help: keeps digits only. */
export function cleanEid(input: string): string {
  return input.replace(/\D/g, '');
}

export const WATCH_NAME_MIN = 2;
export const WATCH_NAME_MAX = 40;

/** Why this line may not have a smart line (a message key), or null. */
export function smartLineRefusal(line: { kind: string; status: string }): string | null {
  if (!(SMART_LINE_KINDS as readonly string[]).includes(line.kind)) return 'smartLine.error.kind';
  if (line.status !== 'active') return 'smartLine.error.status';
  return null;
}
