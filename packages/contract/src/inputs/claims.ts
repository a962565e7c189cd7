import { z } from 'zod';
import { CLAIM_CODE_PATTERN, CLAIM_KINDS, CLAIM_STATES, TELECOM_SUBJECTS, claimSheetRules, telecomClaimRules } from '@andes/domain/claims';

/** Requests and answers of the claims calls (docs/api-claims.md); answers travel in the envelope. */

export const fileSheetBody = claimSheetRules();
export const fileTelecomBody = telecomClaimRules();
export const codeParams = z.object({ code: z.string().regex(CLAIM_CODE_PATTERN, 'pp.error.claims.notFound') });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** `GET /restpp/peru/claims/book`: the provider the sheet names. */
export const sheetInfoAnswer = z.object({ provider: z.object({ name: z.string(), ruc: z.string(), address: z.string() }) });

/** `POST /restpp/peru/claims/book`: the filed sheet. */
export const filedSheetAnswer = z.object({
  claim: z.object({ code: z.string(), kind: z.enum(CLAIM_KINDS), filedAt: z.string(), dueOn: day, email: z.string(), pdfUrl: z.string() }),
});

/** `GET /restpp/peru/claims/:code/status` once found (before that, 404 `pp.Service.status.validate.not.found`). */
export const statusAnswer = z.object({
  claim: z.object({ code: z.string(), registeredAs: z.string() }),
  /** popup: show the registration; otherwise the envelope's redirectRUL says where to go. */
  display: z.enum(['popup', 'redirect']),
});

/** A claim of the signed-in customer: about a line (telecom), or a book sheet they filed signed in. */
const customerClaim = z.object({
  code: z.string(),
  channel: z.enum(['book', 'telecom']),
  kind: z.enum(CLAIM_KINDS),
  phoneNumber: z.string().nullable(),
  subject: z.enum(TELECOM_SUBJECTS as [string, ...string[]]).nullable(),
  detail: z.string(),
  state: z.enum(CLAIM_STATES),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  filedAt: z.string(),
  resolveBy: day,
  notifyBy: day.nullable(),
});

/** `GET /restpp/peru/claims`: the signed-in customer's claims. */
export const customerClaimsAnswer = z.object({ claims: z.array(customerClaim) });
/** `POST /restpp/peru/claims/lines/:phoneNumber`: the claim filed. */
export const telecomFiledAnswer = z.object({ claim: customerClaim });
