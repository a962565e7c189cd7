/**
 * Peruvian identity documents and mobile numbers of both markets (DOMAIN.md "Identity documents",
 * "Phone numbers"). The Chilean RUT lives in rut.ts.
 */
import type { SiteId } from './market.ts';
import { phoneFormats } from './market-phone.ts';

const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** Whether the input is a Peruvian DNI: exactly 8 digits (the card's separate check character is not required). */
export function validateDni(s: string): boolean {
  return /^\d{8}$/.test(s);
}

/**
 * Whether the input is a Peruvian RUC: 11 digits, prefix 10, 15, 17 or 20, and the last digit equal to
 * (11 − (Σ weight·digit mod 11)) mod 10 over the first ten digits with weights 5,4,3,2,7,6,5,4,3,2.
 */
export function validateRuc(s: string): boolean {
  if (!/^(10|15|17|20)\d{9}$/.test(s)) return false;
  const sum = RUC_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(s[i]), 0);
  return (11 - (sum % 11)) % 10 === Number(s[10]);
}

/** Whether the input is a mobile number of either market: exactly 9 digits starting with 9, no spaces. */
export function validatePhone(s: string): boolean {
  return /^9\d{8}$/.test(s);
}

/**
 * Shows a mobile number the way each market writes it (`Market.phoneGroups`): Chile `9 1234 5678`,
 * Peru `912 345 678`.
 *
 * Non-digits are dropped and a leading country code (`Market.phonePrefix`, 56 / 51) is removed when
 * it makes the number 11 digits long, so a stored international form displays locally. Shorter input
 * is grouped as far as it goes, which lets the same function format a field while it is typed; digits
 * past the ninth are dropped.
 */
export function formatPhone(s: string, site: SiteId): string {
  const { phonePrefix, phoneGroups, phoneLength } = phoneFormats[site];
  let digits = s.replace(/\D/g, '');
  if (digits.length === phoneLength + phonePrefix.length && digits.startsWith(phonePrefix)) digits = digits.slice(phonePrefix.length);
  digits = digits.slice(0, phoneLength);
  const parts: string[] = [];
  let start = 0;
  for (const size of phoneGroups) {
    const part = digits.slice(start, start + size);
    if (part) parts.push(part);
    start += size;
  }
  return parts.join(' ');
}
