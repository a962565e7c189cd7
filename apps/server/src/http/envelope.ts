import type { Envelope, EnvelopeResponse, SystemMessage } from '@andes/contract/envelope';

export type { Envelope };

/** Builds the one JSON envelope (its types and schema: packages/contract/src/envelope.ts). */
function response(partial: Partial<EnvelopeResponse> = {}): EnvelopeResponse {
  return { systemMessage: [], isRedirect: false, needLogout: false, redirectRUL: null, encryptLegacyURLEnabled: false, ...partial };
}

export function ok(fields: Record<string, unknown> = {}, redirect?: { url: string; needLogout?: boolean }): Envelope {
  return {
    success: true,
    response: response(redirect ? { isRedirect: true, redirectRUL: redirect.url, needLogout: redirect.needLogout ?? false } : {}),
    ...fields,
  };
}

export function failure(
  systemMessage: SystemMessage[],
  extra: { validationError?: Record<string, string[]>; fields?: Record<string, unknown> } = {},
): Envelope {
  // a failure that sends the browser somewhere says so in the envelope's own fields; the top-level
  // redirectRUL stays for the pages that read it there
  const redirect = typeof extra.fields?.redirectRUL === 'string' ? extra.fields.redirectRUL : null;
  return {
    success: false,
    response: response({ systemMessage, ...(redirect ? { isRedirect: true, redirectRUL: redirect } : {}) }),
    ...(extra.validationError ? { validationError: extra.validationError } : {}),
    ...extra.fields,
  };
}
