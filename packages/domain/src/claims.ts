/**
 * Peru's claims (DOMAIN.md "Claims in Peru"): the consumer's claims book (Libro de Reclamaciones,
 * INDECOPI) and the telecom claims about a line (OSIPTEL). Due dates count business days in Lima:
 * Monday to Friday, without Peru's public holidays.
 */
import { z } from 'zod';
import { validateDni, validatePhone } from './documents.ts';
import { parseMoney } from './money.ts';
import { HOLIDAY_YEARS, PERU_HOLIDAYS } from './peru-holidays.ts';

export const CLAIMS_TIME_ZONE = 'America/Lima';

/** The book's answer is due in 15 business days, not extendable. */
export const BOOK_ANSWER_DAYS = 15;
/** After an OSIPTEL claim is resolved the operator has 5 more business days to notify it. */
export const TELECOM_NOTIFY_DAYS = 5;

/** OSIPTEL claim subjects and the business days the operator has to resolve each. */
export const TELECOM_SUBJECT_DAYS = {
  suspension: 3,
  billDelivery: 3,
  portability: 15,
  quality: 15,
  billing: 20,
  contract: 20,
} as const;
export type TelecomSubject = keyof typeof TELECOM_SUBJECT_DAYS;
export const TELECOM_SUBJECTS = Object.keys(TELECOM_SUBJECT_DAYS) as TelecomSubject[];

export const CLAIM_KINDS = ['reclamo', 'queja'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];
export const CLAIM_STATES = ['received', 'inProgress', 'answered'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];

/** Book claims are `LR-YYYY-NNNNNN`, telecom claims `RT-YYYY-NNNNNN`: correlative per year. */
export const CLAIM_PREFIX = { book: 'LR', telecom: 'RT' } as const;
export type ClaimChannel = keyof typeof CLAIM_PREFIX;

export function claimCode(channel: ClaimChannel, year: number, sequence: number): string {
  return `${CLAIM_PREFIX[channel]}-${year}-${String(sequence).padStart(6, '0')}`;
}

export const CLAIM_CODE_PATTERN = /^(LR|RT)-\d{4}-\d{6}$/;

/** The calendar day (`YYYY-MM-DD`) of an instant in Lima. */
export function limaDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: CLAIMS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function isBusinessDay(day: string): boolean {
  const year = Number(day.slice(0, 4));
  if (!HOLIDAY_YEARS.includes(year)) throw new RangeError(`no Peruvian holiday calendar for ${year} (packages/domain/src/peru-holidays.ts)`);
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !PERU_HOLIDAYS.has(day);
}

/** The `count`-th business day after `day` (the day itself is not counted). */
export function addBusinessDays(day: string, count: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  let left = count;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    if (isBusinessDay(at.toISOString().slice(0, 10))) left -= 1;
  }
  return at.toISOString().slice(0, 10);
}

/** When the book's answer is due for a claim filed at `filedAt`. */
export function bookDueDay(filedAt: Date): string {
  return addBusinessDays(limaDay(filedAt), BOOK_ANSWER_DAYS);
}

/** When an OSIPTEL claim must be resolved, and the last day its resolution may be notified. */
export function telecomDueDays(subject: TelecomSubject, filedAt: Date): { resolveBy: string; notifyBy: string } {
  const resolveBy = addBusinessDays(limaDay(filedAt), TELECOM_SUBJECT_DAYS[subject]);
  return { resolveBy, notifyBy: addBusinessDays(resolveBy, TELECOM_NOTIFY_DAYS) };
}

/** Carné de extranjería: 9 to 12 letters or digits (older cards carry letters). */
export function validateForeignerCard(s: string): boolean {
  return /^[A-Z0-9]{9,12}$/.test(s) && /\d/.test(s);
}

/** A mobile number, or a landline with its area code (`01` Lima, `0XX` elsewhere): 9 digits. */
export function validateClaimPhone(s: string): boolean {
  return validatePhone(s) || /^0\d{8}$/.test(s);
}

export const CLAIM_AMOUNT_MAX = 100_000_000;

const text = (min: number, max: number, key: string) => z.string(key).trim().min(min, key).max(max, key);
const NAME = /^[\p{L}][\p{L}' .-]*$/u;
const personName = (key: string) => text(2, 120, key).regex(NAME, key);
const choice = <T extends readonly [string, ...string[]]>(values: T, key: string) => z.enum(values, key);
const flag = z.union([z.boolean(), z.enum(['true', 'false', ''])]).transform((v) => v === true || v === 'true');
const DOCUMENT_TYPES = ['dni', 'ce'] as const;
export type ClaimDocumentType = (typeof DOCUMENT_TYPES)[number];

function documentOk(type: string | undefined, number: string | undefined): boolean {
  if (!number) return false;
  return type === 'ce' ? validateForeignerCard(number.toUpperCase()) : validateDni(number);
}

const sheetFields = {
  name: personName('claims.validation.name'),
  documentType: choice(DOCUMENT_TYPES, 'claims.validation.documentType'),
  documentNumber: z.string('claims.validation.document').trim().toUpperCase().min(1, 'claims.validation.document'),
  department: z.string('claims.validation.department').regex(/^\d{2}$/, 'claims.validation.department'),
  province: z.string('claims.validation.province').regex(/^\d{4}$/, 'claims.validation.province'),
  district: z.string('claims.validation.district').regex(/^\d{6}$/, 'claims.validation.district'),
  address: text(5, 200, 'claims.validation.address'),
  phone: z.string('claims.validation.phone').trim().refine(validateClaimPhone, 'claims.validation.phone'),
  email: z.string('claims.validation.email').trim().max(120, 'claims.validation.email').pipe(z.email('claims.validation.email')),
  minor: flag.default(false),
  guardianName: z.string().trim().max(120, 'claims.validation.guardianName').optional(),
  guardianDocumentType: z
    .enum(DOCUMENT_TYPES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  guardianDocumentNumber: z.string().trim().toUpperCase().max(12, 'claims.validation.guardianDocument').optional(),
  itemType: choice(['product', 'service'] as const, 'claims.validation.itemType'),
  itemDescription: text(3, 200, 'claims.validation.item'),
  kind: choice(CLAIM_KINDS, 'claims.validation.kind'),
  detail: text(10, 2000, 'claims.validation.detail'),
  request: text(5, 1000, 'claims.validation.request'),
  // a checkbox: JSON true or a form's 'true'
  termsAccepted: z
    .any()
    .refine((v) => v === true || v === 'true', 'claims.validation.terms')
    .transform(() => true as const),
};

type SheetDraft = {
  documentType?: string;
  documentNumber?: string;
  minor?: boolean;
  guardianName?: string;
  guardianDocumentType?: string;
  guardianDocumentNumber?: string;
};

/** Rules across fields: the document number by its type, and a guardian for a minor. */
function crossChecks(v: SheetDraft, ctx: z.RefinementCtx) {
  if (!documentOk(v.documentType, v.documentNumber)) {
    ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: v.documentType === 'ce' ? 'claims.validation.ce' : 'claims.validation.dni' });
  }
  if (!v.minor) return;
  if (!v.guardianName || !NAME.test(v.guardianName) || v.guardianName.length < 2)
    ctx.addIssue({ code: 'custom', path: ['guardianName'], message: 'claims.validation.guardianName' });
  if (!documentOk(v.guardianDocumentType ?? 'dni', v.guardianDocumentNumber))
    ctx.addIssue({ code: 'custom', path: ['guardianDocumentNumber'], message: 'claims.validation.guardianDocument' });
}

// refine rather than int(): a non-integer would otherwise read as a missing value (validation.ts)
const amountMinor = z.coerce
  .number('claims.validation.amount')
  .refine(Number.isInteger, 'claims.validation.amount')
  .min(0, 'claims.validation.amount')
  .max(CLAIM_AMOUNT_MAX, 'claims.validation.amount');

/** The claims book's sheet as the API takes it: the amount claimed in céntimos. */
export const claimSheetRules = () => z.object({ ...sheetFields, amount: amountMinor.default(0) }).superRefine(crossChecks);
export type ClaimSheet = z.infer<ReturnType<typeof claimSheetRules>>;

/** The amount as typed in the form (soles), in céntimos; empty is 0, anything unreadable null. */
export function typedAmount(typed: string): number | null {
  if (!typed.trim()) return 0;
  const minor = parseMoney(typed, 'PEN');
  return minor !== null && minor >= 0 && minor <= CLAIM_AMOUNT_MAX ? minor : null;
}

/** The same sheet as the browser form holds it: every value a string, the amount in soles. */
export const claimFormRules = () =>
  z.object({ ...sheetFields, amount: z.string().refine((v) => typedAmount(v) !== null, 'claims.validation.amount') }).superRefine(crossChecks);

/** An OSIPTEL claim about one of the customer's lines. */
export const telecomClaimRules = () =>
  z.object({
    subject: choice(TELECOM_SUBJECTS as [TelecomSubject, ...TelecomSubject[]], 'claims.validation.subject'),
    detail: text(10, 2000, 'claims.validation.detail'),
  });
