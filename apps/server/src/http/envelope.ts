/** The one JSON envelope of ARCHITECTURE §4, for success and failure. */
export interface SystemMessage {
  exceptionKey: string;
  messages: string[];
  /** The longer explanation an error list reveals with 'Ver detalle' (SPEC §3 error fields). */
  defaultExceptionDetail?: string;
}

export interface EnvelopeResponse {
  systemMessage: SystemMessage[];
  isRedirect: boolean;
  needLogout: boolean;
  redirectRUL: string | null;
}

export interface Envelope {
  success: boolean;
  response: EnvelopeResponse;
  validationError?: Record<string, string[]>;
  [field: string]: unknown;
}

function response(partial: Partial<EnvelopeResponse> = {}): EnvelopeResponse {
  return { systemMessage: [], isRedirect: false, needLogout: false, redirectRUL: null, ...partial };
}

export function ok(fields: Record<string, unknown> = {}, redirect?: { url: string; needLogout?: boolean }): Envelope {
  return {
    success: true,
    response: response(
      redirect ? { isRedirect: true, redirectRUL: redirect.url, needLogout: redirect.needLogout ?? false } : {},
    ),
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
