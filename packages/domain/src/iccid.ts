import type { Market } from './market.ts';

/** SPEC §9: a SIM's ICCID is 20 digits; its last digit is the Luhn check digit of the other 19 (ITU-T E.118). */
export const ICCID_LENGTH = 20;

/** The Luhn check digit of `digits` (the digit that, appended, makes the whole pass). */
export function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Whether a typed ICCID is one: 20 digits, the telecom prefix 89, and a right check digit. */
export function isValidIccid(iccid: string): boolean {
  if (!/^89\d{18}$/.test(iccid)) return false;
  return luhnCheckDigit(iccid.slice(0, -1)) === iccid.slice(-1);
}

/** The ICCID of the market's SIM with this 13-digit serial: 89, country code, issuer 07, serial, check digit. */
export function iccidOf(market: Pick<Market, 'phonePrefix'>, serial: string): string {
  const body = `89${market.phonePrefix}07${serial.padStart(13, '0').slice(-13)}`;
  return body + luhnCheckDigit(body);
}

/** Only the last four digits, for screens and e-mails: the whole number helps a fraudster order a swap. */
export function maskedIccid(iccid: string): string {
  return `•••• ${iccid.slice(-4)}`;
}
