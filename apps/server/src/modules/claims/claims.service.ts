import type { FastifyInstance } from 'fastify';
import { ErrorKeys } from '@andes/domain/error-keys';
import { formatCalendarDay } from '@andes/domain/dates';
import {
  CLAIM_PREFIX,
  bookDueDay,
  claimCode,
  limaDay,
  telecomDueDays,
  type ClaimChannel,
  type ClaimKind,
  type ClaimSheet,
  type ClaimState,
  type TelecomSubject,
} from '@andes/domain/claims';
import { AppError } from '../../http/errors.ts';
import { minutesLeft, perAddress, takeOrRefuse } from '../../http/throttle.ts';
import { sheetPdf, type StoredSheet } from './sheet-pdf.service.ts';
import { customerClaims, findClaim, geoChain, insertClaim, markRegistered, takePdf, type ClaimRow } from './claims.repo.ts';

const HOUR_MS = 3_600_000;

/** Where a signed-in customer follows their claims (the status check sends them there). */
export const CUSTOMER_CLAIMS_PATH = '/personas/reclamaciones/';

export interface Filer {
  /** The filing session's id hash: only it may take the PDF. */
  session: string;
  customerId: number | null;
  address: string;
}

/** Counts the filing against its address first (decision 005): the hour's last filing locks the address for an hour. */
async function admitFiling(app: FastifyInstance, address: string, now: Date): Promise<void> {
  const limit = { windowMs: HOUR_MS, lockAfter: app.config.claims.filingsPerHour, lockMs: HOUR_MS };
  const refusal = (row: { lockedUntil: Date | null } | undefined, at: Date) =>
    new AppError('pp.error.claims.limit', 429, { params: { minutes: row?.lockedUntil ? minutesLeft(row.lockedUntil, at) : 60 } });
  await takeOrRefuse(app.db, [{ key: perAddress('claims', address), limit, refusal }], now);
}

/** The place names of the sheet's address, or the per-field refusal naming the first level that does not fit. */
async function placeNames(app: FastifyInstance, sheet: ClaimSheet) {
  const names = await geoChain(app.db, sheet);
  const wrong = (['department', 'province', 'district'] as const).find((level) => !names[level]);
  if (wrong) throw new AppError(ErrorKeys.validation, 400, { fieldErrors: { [wrong]: [`claims.validation.${wrong}`] } });
  return { departmentName: names.department!, provinceName: names.province!, districtName: names.district! };
}

export const pdfPath = (code: string) => `/restpp/peru/claims/book/${code}/pdf`;

/**
 * Files a claims-book sheet: counted against the address first, the address checked against the
 * real geography, then written under the next code of the year with its due date; the copy goes to
 * the consumer's e-mail with the PDF attached.
 */
export async function fileSheet(app: FastifyInstance, sheet: ClaimSheet, filer: Filer, now = new Date()) {
  await admitFiling(app, filer.address, now);
  const places = await placeNames(app, sheet);
  const { termsAccepted: _accepted, detail, ...consumer } = sheet;
  const stored: StoredSheet = { ...consumer, ...places };
  const year = Number(limaDay(now).slice(0, 4));
  const claim = await insertClaim(app.db, CLAIM_PREFIX.book, year, (n) => claimCode('book', year, n), {
    channel: 'book',
    kind: sheet.kind,
    sheet: stored,
    detail,
    email: sheet.email,
    customerId: filer.customerId,
    dueOn: bookDueDay(now),
    filedAt: now,
    filerSession: filer.session,
  });
  const date = formatCalendarDay(claim.dueOn, 'long');
  await app.adapters.email.send({
    to: sheet.email,
    subject: app.t('claims.email.subject', { code: claim.code }),
    body: app.t('claims.email.body', { code: claim.code, date }),
    attachment: { name: `${claim.code}.pdf`, contentType: 'application/pdf', content: sheetPdf(app, claim) },
  });
  return { code: claim.code, kind: sheet.kind, filedAt: claim.filedAt.toISOString(), dueOn: claim.dueOn, email: sheet.email, pdfUrl: pdfPath(claim.code) };
}

/** The sheet's PDF for its filing session, once; the same session asking again gets 410, anyone else 404. */
export async function takeSheetPdf(app: FastifyInstance, code: string, session: string, now = new Date()): Promise<Buffer> {
  const claim = await takePdf(app.db, code, session, now);
  if (claim) return sheetPdf(app, claim);
  const existing = await findClaim(app.db, code);
  if (existing?.filerSession === session) throw new AppError('pp.error.claims.pdf.gone', 410);
  throw new AppError('pp.error.claims.notFound', 404);
}

export interface Viewer {
  session: string | null;
  customerId: number | null;
}

const ownedBy = (claim: ClaimRow, viewer: Viewer) =>
  claim.channel === 'book'
    ? viewer.session !== null && claim.filerSession === viewer.session
    : viewer.customerId !== null && claim.customerId === viewer.customerId;

/**
 * Whether the claims system has registered the claim (SPEC §4): "not found" while it has not (the page
 * asks again), else its number and how the page shows it: a signed-in customer is sent to their
 * claims, anyone else sees the popup. Only the claim's filer may ask; anyone else gets 404.
 */
export async function claimStatus(app: FastifyInstance, code: string, viewer: Viewer) {
  const claim = await findClaim(app.db, code);
  if (!claim || !ownedBy(claim, viewer)) throw new AppError('pp.error.claims.notFound', 404);
  let registeredAs = claim.registeredAs;
  if (!registeredAs) {
    const documentNumber = (claim.sheet as StoredSheet | null)?.documentNumber ?? '';
    const answer = await app.adapters.claimsSystem.validate({ code, documentNumber });
    if (!answer.found) throw new AppError(ErrorKeys.statusNotFound, 404);
    registeredAs = answer.registeredAs;
    await markRegistered(app.db, claim.id, registeredAs);
  }
  return { claim: { code, registeredAs }, redirect: viewer.customerId !== null ? CUSTOMER_CLAIMS_PATH : null };
}

type Line = { id: number; phoneNumber: string; customerId: number };

/** A claim as the customer's claims page lists it: a book sheet has no line or subject, and no notify date. */
function claimView(claim: ClaimRow, phoneNumber: string | null) {
  return {
    code: claim.code,
    channel: claim.channel as ClaimChannel,
    kind: claim.kind as ClaimKind,
    phoneNumber,
    subject: claim.subject as TelecomSubject | null,
    detail: claim.detail,
    state: claim.state as ClaimState,
    answer: claim.answer,
    answeredAt: claim.answeredAt?.toISOString() ?? null,
    filedAt: claim.filedAt.toISOString(),
    resolveBy: claim.dueOn,
    notifyBy: claim.notifyBy,
  };
}

/** Files an OSIPTEL claim about one of the customer's lines, due by its subject's business days. */
export async function fileTelecomClaim(app: FastifyInstance, line: Line, input: { subject: TelecomSubject; detail: string }, now = new Date()) {
  const { resolveBy, notifyBy } = telecomDueDays(input.subject, now);
  const year = Number(limaDay(now).slice(0, 4));
  const claim = await insertClaim(app.db, CLAIM_PREFIX.telecom, year, (n) => claimCode('telecom', year, n), {
    channel: 'telecom',
    kind: 'reclamo',
    subject: input.subject,
    detail: input.detail,
    customerId: line.customerId,
    lineId: line.id,
    dueOn: resolveBy,
    notifyBy,
    filedAt: now,
  });
  return claimView(claim, line.phoneNumber);
}

export async function customerClaimsOf(app: FastifyInstance, customerId: number) {
  return (await customerClaims(app.db, customerId)).map((r) => claimView(r.claim, r.phoneNumber));
}
