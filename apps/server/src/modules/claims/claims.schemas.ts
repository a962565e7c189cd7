import { z } from 'zod';
import { CLAIM_CODE_PATTERN, CLAIM_KINDS, CLAIM_STATES, TELECOM_SUBJECTS, claimSheetRules, telecomClaimRules } from '@andes/domain/claims';

/** Requests and answers of the claims calls (docs/api-claims.md); answers travel in the envelope. */

export const fileSheetBody = claimSheetRules();
export const fileTelecomBody = telecomClaimRules();
export const codeParams = z.object({ code: z.string().regex(CLAIM_CODE_PATTERN, 'pp.error.claims.notFound') });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

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

const telecomClaim = z.object({
  code: z.string(),
  phoneNumber: z.string(),
  subject: z.enum(TELECOM_SUBJECTS as [string, ...string[]]),
  detail: z.string(),
  state: z.enum(CLAIM_STATES),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  filedAt: z.string(),
  resolveBy: day,
  notifyBy: day,
});

/** `GET /restpp/peru/claims`: the signed-in customer's claims about their lines. */
export const telecomListAnswer = z.object({ claims: z.array(telecomClaim) });
/** `POST /restpp/peru/claims/lines/:phoneNumber`: the claim filed. */
export const telecomFiledAnswer = z.object({ claim: telecomClaim });
