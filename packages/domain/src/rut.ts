/**
 * Chilean RUT (Rol Único Tributario): a 7–8 digit body plus a mod-11 check character
 * (DOMAIN.md "Identity documents").
 */

const MAX_CLEAN_LENGTH = 9; // 8 body digits + check character

/** Strict shapes only: a half-dotted body is more likely a typo than a RUT. */
const RUT_PATTERN = /^(\d{1,2}(?:\.\d{3}){2}|\d{7,8})-?([\dK])$/;

/**
 * Reduces what the user typed to the bare characters of a RUT.
 *
 * Keeps digits and k/K (upper-cased). A K can only be the check character, so any K that is not the
 * last character is dropped rather than kept, which would make the input unvalidatable. The result is
 * cut to 9 characters (8 body digits plus the check character).
 *
 * @example cleanRut('12.345.678-k') // '12345678K'
 */
export function cleanRut(input: string): string {
  const kept = input.replace(/[^\dkK]/g, '').toUpperCase();
  const endsWithK = kept.endsWith('K');
  const digits = kept.replace(/K/g, '');
  return (endsWithK ? `${digits}K` : digits).slice(0, MAX_CLEAN_LENGTH);
}

/** Dots every three digits from the right, built by hand so server and browser agree. */
function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * Formats a RUT as it is being typed: `12.345.678-5`, `9.068.826-K`.
 *
 * The last character is always treated as the check character, so partial input is formatted
 * progressively ('1' → '1', '12' → '1-2'). The result never exceeds 12 characters, the RUT field
 * length of SPEC §9.
 */
export function formatRut(input: string): string {
  const clean = cleanRut(input);
  if (clean.length <= 1) return clean;
  const body = clean.slice(0, -1);
  const check = clean.slice(-1);
  return `${groupThousands(body, '.')}-${check}`;
}

/**
 * Computes the check character of a RUT body: '0'–'9' or 'K'.
 *
 * Anything that is not a digit (dots, spaces) is ignored, so a formatted body can be passed. Weights
 * 2..7 repeat from the rightmost digit; 11 − (sum mod 11) maps 11 → '0' and 10 → 'K'.
 */
export function rutCheckDigit(body: string): string {
  const digits = body.replace(/\D/g, '');
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const r = 11 - (sum % 11);
  if (r === 11) return '0';
  if (r === 10) return 'K';
  return String(r);
}

/** Splits a RUT into body and check character, or null when it does not have a RUT's shape. */
function parseRut(input: string): { body: string; check: string } | null {
  const match = RUT_PATTERN.exec(input.trim().toUpperCase());
  if (!match) return null;
  const body = match[1].replace(/\./g, '');
  // A leading zero would give one person two storage forms ('01234567-X' and '1234567-X').
  if (body.startsWith('0')) return null;
  return { body, check: match[2] };
}

/**
 * Whether the input is a valid RUT: body of 7–8 digits (no leading zero) and the right check
 * character. Accepts the formatted form (`12.345.678-5`), the undotted form (`12345678-5`) and the
 * clean form (`123456785`); a lower-case `k` is accepted.
 */
export function validateRut(input: string): boolean {
  const parsed = parseRut(input);
  return parsed !== null && rutCheckDigit(parsed.body) === parsed.check;
}

/**
 * The canonical storage form of a RUT, `BODY-DV` without dots and with an upper-case K
 * (`12345678-5`), so one person always maps to one key. Returns '' when the RUT is invalid.
 */
export function normalizeRut(input: string): string {
  const parsed = parseRut(input);
  if (!parsed || rutCheckDigit(parsed.body) !== parsed.check) return '';
  return `${parsed.body}-${parsed.check}`;
}
