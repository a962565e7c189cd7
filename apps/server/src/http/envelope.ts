/** The one JSON envelope of ARCHITECTURE §4, for success and failure. */
export interface SystemMessage {
  exceptionKey: string;
  messages: string[];
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
  return {
    success: false,
    response: response({ systemMessage }),
    ...(extra.validationError ? { validationError: extra.validationError } : {}),
    ...extra.fields,
  };
}
