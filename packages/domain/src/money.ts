/**
 * Money is held as integer minor units: CLP in pesos (no decimals), PEN in céntimos.
 *
 * Formatting is built by hand instead of with `Intl.NumberFormat`: Node and browsers ship different
 * locale data (es-CL grouping in particular), and a server-rendered price that differs from the
 * browser's by one separator breaks hydration.
 */

export type Currency = 'CLP' | 'PEN';

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * Formats an amount in minor units for display.
 *
 * - CLP: `$21.990`, dots every three digits, no decimals, `-$1.000` when negative.
 * - PEN: `S/ 1,299.90`, commas every three digits, two decimals; whole soles drop the `.00`
 *   (SPEC §5 "Peru drops .00/.0"), so 129900 → `S/ 1,299` while 129950 → `S/ 1,299.50`.
 *
 * Fractions of a minor unit are rounded away. Throws a RangeError for NaN or ±Infinity, which can
 * only come from a bug upstream and should not render as a price.
 */
export function formatMoney(minor: number, currency: Currency): string {
  if (!Number.isFinite(minor)) throw new RangeError(`Not an amount: ${minor}`);
  const rounded = Math.round(Math.abs(minor));
  const sign = rounded !== 0 && minor < 0 ? '-' : '';
  if (currency === 'CLP') return `${sign}$${groupThousands(String(rounded), '.')}`;
  const soles = groupThousands(String(Math.floor(rounded / 100)), ',');
  const cents = rounded % 100;
  const decimals = cents === 0 ? '' : `.${String(cents).padStart(2, '0')}`;
  return `${sign}S/ ${soles}${decimals}`;
}

/**
 * A whole count a customer reads (points, MB, minutes) grouped like the market's money: `12.500` in
 * Chile, `12,500` in Peru. By hand for the same reason as {@link formatMoney}: `toLocaleString` groups
 * four-digit numbers differently in Node and in browsers.
 */
export function formatCount(count: number, currency: Currency): string {
  const rounded = Math.round(Math.abs(count));
  return `${count < 0 && rounded !== 0 ? '-' : ''}${groupThousands(String(rounded), currency === 'CLP' ? '.' : ',')}`;
}

/**
 * A count with up to one decimal (12,5 GB in Chile, 12.5 GB in Peru), grouped like {@link formatCount};
 * a whole value drops its decimal.
 */
export function formatTenths(value: number, currency: Currency): string {
  const tenths = Math.round(value * 10);
  const whole = formatCount(Math.trunc(tenths / 10), currency);
  const decimal = Math.abs(tenths % 10);
  const sign = tenths < 0 && Math.trunc(tenths / 10) === 0 ? '-' : '';
  return decimal === 0 ? `${sign}${whole}` : `${sign}${whole}${currency === 'CLP' ? ',' : '.'}${decimal}`;
}

const CLP_PATTERN = /^(-)?\$?\s?(\d{1,3}(?:\.\d{3})+|\d+)$/;
const PEN_PATTERN = /^(-)?(?:S\/\s?)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/i;

/**
 * Reads back an amount in minor units from what {@link formatMoney} produces or from plain digits.
 *
 * Plain digits are major units: for PEN `'1299'` means S/ 1,299 → 129900 céntimos, and `'1299.5'`
 * → 129950. Grouping separators must sit in the right places (`'1.2.3'` is rejected) because a
 * misplaced separator usually means the user meant something else. Returns null for anything that
 * is not an amount or does not fit a safe integer.
 */
export function parseMoney(display: string, currency: Currency): number | null {
  const text = display.trim();
  let value: number;
  let negative: boolean;
  if (currency === 'CLP') {
    const match = CLP_PATTERN.exec(text);
    if (!match) return null;
    negative = match[1] === '-';
    value = Number(match[2].replace(/\./g, ''));
  } else {
    const match = PEN_PATTERN.exec(text);
    if (!match) return null;
    negative = match[1] === '-';
    const soles = Number(match[2].replace(/,/g, ''));
    const cents = Number((match[3] ?? '').padEnd(2, '0'));
    value = soles * 100 + cents;
  }
  if (!Number.isSafeInteger(value)) return null;
  return negative && value !== 0 ? -value : value;
}

/**
 * Major units rounded to a whole number, for the analytics events that carry rounded prices
 * (SPEC §9 "Prices are rounded in some events"). Halves round away from zero so a refund and its
 * charge report the same magnitude.
 */
export function roundForEvent(minor: number, currency: Currency): number {
  const major = currency === 'PEN' ? minor / 100 : minor;
  const rounded = Math.sign(major) * Math.round(Math.abs(major));
  return rounded === 0 ? 0 : rounded;
}
