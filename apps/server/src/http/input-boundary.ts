import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findUncleanText } from '@andes/domain/clean';
import type { FieldErrors } from '@andes/domain/validation';
import { invalidInput } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Query fields this route reads as lists (`brand=a&brand=b`); any other field sent twice is refused. */
    queryLists?: readonly string[];
  }
}

export type Query = Record<string, string | string[]>;

/**
 * The one query-string parser (the router's and the form-body's): decodes as browsers encode, so
 * bytes that are not UTF-8 become U+FFFD, which the boundary below refuses, instead of passing
 * through still percent-encoded. A field sent twice becomes a list, which the boundary refuses too
 * unless the route reads it as one. Never throws: it runs in the router, outside any handler.
 */
export function parseQuery(text: string): Query {
  const query: Query = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    const seen = query[name];
    query[name] = seen === undefined ? value : [seen, value].flat();
  }
  return query;
}

/** `http://host` or `https://host` at the start of an absolute-form request target. */
const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/i;

/**
 * The request target in origin form. HTTP/1.1 servers must accept the absolute form a client may send
 * (`GET http://host/path`), and it names the same resource as `/path`: routing it as written would make
 * a page of `/http://host/path`. The authority it names is ignored like any Host. Anything else
 * (`*`, a path) is left as sent.
 */
export function originForm(url: string): string {
  const authority = ABSOLUTE_FORM.exec(url);
  if (!authority) return url;
  const rest = url.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** The query of a raw request URL as URLSearchParams, which unlike `new URL` accepts any path. */
export function searchParamsOf(url: string): URLSearchParams {
  const start = url.indexOf('?');
  return new URLSearchParams(start === -1 ? '' : url.slice(start + 1));
}

/** A field name worth showing back in validationError; anything else is named by where it came from. */
const FIELD_NAME = /^[\w.-]{1,64}$/;

function uncleanField(where: string, input: unknown): string | null {
  const path = findUncleanText(input);
  if (!path) return null;
  return path.length > 0 && FIELD_NAME.test(path[0]) ? path[0] : where;
}

function problems(req: FastifyRequest): FieldErrors | null {
  const errors: FieldErrors = {};
  const lists = req.routeOptions.config?.queryLists ?? [];
  for (const [name, value] of Object.entries((req.query ?? {}) as Query)) {
    if (Array.isArray(value) && !lists.includes(name)) errors[FIELD_NAME.test(name) ? name : 'query'] = ['validation.repeated'];
  }
  for (const [where, input] of [
    ['params', req.params],
    ['query', req.query],
    ['body', req.body],
    ['headers', req.headers],
  ] as const) {
    const field = uncleanField(where, input);
    if (field) errors[field] = ['validation.characters'];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** Throws the 400 naming each field the boundary refuses; an answer served before validation (a cache hit) asks too. */
export function refuseUncleanInput(req: FastifyRequest): void {
  const errors = problems(req);
  if (errors) throw invalidInput(errors);
}

/** How many Host fields a request's header block holds (raw: names then values, as sent). */
function hostFields(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i].length === 4 && rawHeaders[i].toLowerCase() === 'host') count++;
  return count;
}

/**
 * The input boundary: every string a route can read (path parameters, query, body, headers) is
 * checked here, once, before validation and handlers. Text with a NUL or bytes that were not UTF-8
 * and fields sent twice are refused with a 400 naming the field; nothing is silently altered
 * (docs/decisions/006-input-boundary.md).
 */
export const inputBoundary = fp(async (app: FastifyInstance) => {
  // HTTP/1.1 requires Host (HTTP/1.0 may omit it: pages then render for localhost, web/routes.ts), and
  // one only (RFC 9112 §3.2): Node keeps the first of several, while a proxy in front may route by another
  app.addHook('onRequest', async (req) => {
    if (req.raw.httpVersion === '1.1' && req.headers.host === undefined) throw invalidInput({ host: ['validation.required'] });
    if (hostFields(req.raw.rawHeaders) > 1) throw invalidInput({ host: ['validation.repeated'] });
  });
  app.addHook('preValidation', async (req) => refuseUncleanInput(req));
});
