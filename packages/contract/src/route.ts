import type { z } from 'zod';
import type { Market } from '@andes/domain/market';

/** An answer that is not the JSON envelope: a file, a page, a probe's own JSON, or a redirect. */
export interface RawAnswer {
  kind: 'raw';
  description: string;
  /** By status: the content type and, for JSON, its schema. */
  statuses: Record<number, { contentType: string; schema?: z.ZodType }>;
}

/** A request part whose rules depend on the market (a document type, a phone's length). */
export type MarketSchema = z.ZodType | ((market: Market) => z.ZodType);

/**
 * One operation of the API. `response` is the route's own fields of a success envelope (envelope.ts),
 * or a choice of them, or a raw answer; request parts are the very schemas the route's `parseInput` applies.
 */
export interface RouteEntry {
  summary: string;
  params?: MarketSchema;
  querystring?: MarketSchema;
  body?: MarketSchema;
  response: z.ZodObject | z.ZodUnion<readonly z.ZodObject[]> | RawAnswer;
  /** Message keys of the expected refusals, beyond bad input and the session's own. */
  refusals?: readonly string[];
  /** Only in these markets (the spec's one-market journeys); both when absent. */
  sites?: readonly Market['site'][];
  /** Only with SANDBOX=1 (the sandbox's stand-ins for outside systems). */
  sandbox?: true;
}

/** A route key: the method and the Fastify path, as the route registers it. */
export type RouteKey = `${'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'} /${string}`;

/** Keeps each area's literal keys and entry types while checking their shape. */
export const defineRoutes = <const R extends Record<RouteKey, RouteEntry>>(routes: R): R => routes;

/** A redirect answer (303 to a page), as the gateway returns and the sign-in form use. */
export const redirect = (description: string): RawAnswer => ({ kind: 'raw', description, statuses: { 303: { contentType: 'text/plain' } } });

/** A file or page answer. */
export const file = (description: string, contentType: string): RawAnswer => ({ kind: 'raw', description, statuses: { 200: { contentType } } });

/** A JSON answer outside the envelope (the probes, the document itself), by status. */
export const json = (description: string, statuses: Record<number, z.ZodType>): RawAnswer => ({
  kind: 'raw',
  description,
  statuses: Object.fromEntries(Object.entries(statuses).map(([status, schema]) => [status, { contentType: 'application/json', schema }])),
});
