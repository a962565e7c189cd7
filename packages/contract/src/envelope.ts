import { z } from 'zod';

/**
 * The one JSON envelope of ARCHITECTURE §4, for success and failure: the schema the OpenAPI document
 * and the tests' answer check use, and the types the server builds and the web app reads.
 */
export const systemMessage = z
  .object({
    exceptionKey: z.string(),
    messages: z.array(z.string()),
    /** The longer explanation an error list reveals with 'Ver detalle' (SPEC §3 error fields). */
    defaultExceptionDetail: z.string().optional(),
    /** SPEC §3 error fields: a person can help with this failure, so the page offers "Te llamamos" (decision 026). */
    enableClicktoCall: z.boolean().optional(),
    /** SPEC §3 error fields: a second sentence shown under the message, always in view (what the customer can do next). */
    extendExceptionMessage: z.string().optional(),
    /** SPEC §3 error fields: a second way out beside closing, a link the error list shows as a button. */
    otherButton: z.object({ label: z.string(), url: z.string() }).optional(),
  })
  .meta({ id: 'SystemMessage' });

export const envelopeResponse = z
  .object({
    systemMessage: z.array(systemMessage),
    isRedirect: z.boolean(),
    needLogout: z.boolean(),
    redirectRUL: z.string().nullable(),
    /**
     * SPEC §7: whether `redirectRUL` carries sealed (encrypted) parameters the browser must pass on
     * untouched. Every redirect of this product is one of its own paths in clear, so it is false.
     */
    encryptLegacyURLEnabled: z.boolean(),
  })
  .meta({ id: 'EnvelopeResponse' });

/** Per-field message keys of bad input (`parseInput`, http/parse.ts). */
export const validationError = z.record(z.string(), z.array(z.string()));

/** A refusal: the envelope with `success: false`, and the fields some refusals add (a redirect, a retry time). */
export const failureEnvelope = z
  .looseObject({
    success: z.literal(false),
    response: envelopeResponse,
    validationError: validationError.optional(),
  })
  .meta({ id: 'Failure' });

/** A success answer: the envelope around the route's own fields, which sit beside `success` and `response`. */
export function successEnvelope(data: z.ZodObject | z.ZodUnion<readonly z.ZodObject[]>) {
  const base = z.object({ success: z.literal(true), response: envelopeResponse });
  return data instanceof z.ZodObject ? base.extend(data.shape) : z.intersection(base, data);
}

export type SystemMessage = z.infer<typeof systemMessage>;
export type EnvelopeResponse = z.infer<typeof envelopeResponse>;

/** What the server sends: success or failure, with the route's own fields beside them. */
export interface Envelope {
  success: boolean;
  response: EnvelopeResponse;
  validationError?: Record<string, string[]>;
  [field: string]: unknown;
}

/** The envelope as the web app reads it: the browser may see an answer from a proxy, so each part is optional. */
export interface ApiBody {
  success: boolean;
  response?: Partial<EnvelopeResponse>;
  validationError?: Record<string, string[]>;
  [field: string]: unknown;
}

/** A call to our own HTTP API, in the browser with fetch and during SSR through the in-process app. */
export interface ApiResult<T = Record<string, unknown>> {
  status: number;
  body: T & ApiBody;
}
