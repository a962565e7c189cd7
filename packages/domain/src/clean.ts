/**
 * Per-keystroke input cleaning by field type (SPEC §5 "Input cleaning by field type"). Cleaning only
 * removes what can never be valid in the field; whether the result is complete is validation's job.
 */
import type { Market } from './market.ts';
import { formatMoney } from './money.ts';
import { formatRut } from './rut.ts';

/** What cleaning asks the market: how its document is written and its currency. */
export type CleaningMarket = Pick<Market, 'document' | 'currency' | 'currencyDecimals'>;

export type FieldType = 'numeric' | 'letter' | 'rut' | 'simcode' | 'documentNumber' | 'email' | 'street' | 'department' | 'fullname' | 'currency';

/**
 * Latin letters with their accented forms (À–ÿ without × and ÷). Wider than Spanish's áéíóúüñ on
 * purpose: stripping the ç of "François" from a name would change the customer's identity data.
 */
const LETTERS = 'A-Za-zÀ-ÖØ-öø-ÿ';

/** Address punctuation people really write: "Av. Grecia 1234, Depto. 5-B", "N° 12", "Mz. A Lt. 3/4". */
const ADDRESS_SYMBOLS = '#\\-.,°º/';

/** Keeps money to 13 digits so that soles × 100 still fits a safe integer. */
const MAX_CURRENCY_DIGITS = 13;

const keepOnly = (value: string, allowed: string): string => value.replace(new RegExp(`[^${allowed}]`, 'g'), '');

const trimStart = (value: string): string => value.replace(/^\s+/, '');

/**
 * Cleans a field's value as it is typed.
 *
 * - `numeric`: digits only.
 * - `letter`: letters (accents included) and spaces.
 * - `rut`: where the document is a RUT (Chile) keeps digits and k/K and formats as `12.345.678-5`;
 *   elsewhere (Peru's DNI) keeps digits only, unformatted.
 * - `simcode`, `documentNumber`: ASCII letters and digits.
 * - `email`: letters, digits and `@ . _ -`.
 * - `street`, `department`: letters, digits, spaces and `# - . , ° º /`; leading spaces removed.
 *   `º` (the ordinal sign) is kept besides `°` because Spanish keyboards type it for "Nº".
 * - `fullname`: letters, spaces, apostrophe and hyphen; leading spaces removed. A typographic
 *   apostrophe (’, as phones type it) becomes `'` so "O’Higgins" is stored one way.
 * - `currency`: digits, formatted as the market's money: Chile `$12.990`, Peru `S/ 1,299`. Typed digits
 *   are whole pesos or soles, so feeding a formatted value plus a new digit back in keeps working.
 */
export function cleanInput(type: FieldType, value: string, market: CleaningMarket): string {
  switch (type) {
    case 'numeric':
      return keepOnly(value, '0-9');
    case 'letter':
      return keepOnly(value, `${LETTERS} `);
    case 'rut':
      return market.document.kind === 'rut' ? formatRut(value) : keepOnly(value, '0-9');
    case 'simcode':
    case 'documentNumber':
      return keepOnly(value, 'A-Za-z0-9');
    case 'email':
      return keepOnly(value, 'A-Za-z0-9@._\\-');
    case 'street':
    case 'department':
      return trimStart(keepOnly(value, `${LETTERS}0-9 ${ADDRESS_SYMBOLS}`));
    case 'fullname':
      return trimStart(keepOnly(value.replace(/’/g, "'"), `${LETTERS} '\\-`));
    case 'currency':
      return cleanCurrency(value, market);
  }
}

function cleanCurrency(value: string, market: CleaningMarket): string {
  const digits = keepOnly(value, '0-9')
    .replace(/^0+(?=\d)/, '')
    .slice(0, MAX_CURRENCY_DIGITS);
  if (digits === '') return '';
  // typed in whole units; money is kept in minor units (céntimos in Peru, none in Chile)
  return formatMoney(Number(digits) * 10 ** market.currencyDecimals, market.currency);
}

/**
 * What a decoder leaves where bytes were not UTF-8 (U+FFFD), and UTF-16 halves no UTF-8 encoder can
 * write (lone surrogates).
 */
const NOT_UTF8 = /\uFFFD|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether a string received from outside can be kept as it is: no NUL (PostgreSQL text cannot hold
 * one) and nothing that was not valid UTF-8. No customer field accepts either, so such input is
 * refused rather than silently changed.
 */
export function isCleanText(value: string): boolean {
  return !value.includes('\u0000') && !NOT_UTF8.test(value);
}

/** One value met while walking input, linked to where it was found so its path is built only when needed. */
interface Found {
  value: unknown;
  key: string | null;
  parent: Found | null;
}

function pathOf(found: Found): string[] {
  const path: string[] = [];
  for (let f: Found | null = found; f && f.key !== null; f = f.parent) path.push(f.key);
  return path.reverse();
}

/**
 * The path to the first string in `input` (a value or a key, at any depth) that is not clean text,
 * or null when every string is. Walks with its own stack, so no nesting depth can overflow it.
 */
export function findUncleanText(input: unknown): string[] | null {
  const stack: Found[] = [{ value: input, key: null, parent: null }];
  while (stack.length > 0) {
    const found = stack.pop()!;
    const { value } = found;
    if (typeof value === 'string') {
      if (!isCleanText(value)) return pathOf(found);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (!isCleanText(key)) return [...pathOf(found), key];
        stack.push({ value: child, key, parent: found });
      }
    }
  }
  return null;
}
