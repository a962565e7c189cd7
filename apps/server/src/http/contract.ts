import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Market } from '@andes/domain/market';
import { failureEnvelope, successEnvelope } from '@andes/contract/envelope';
import { areaOf, routes, type ApiRoute } from '@andes/contract/routes';
import type { MarketSchema, RouteEntry } from '@andes/contract/route';

/**
 * Routes the API document leaves out on purpose: the web app's pages (`/*`, HTML for browsers) and its
 * build files (one route per file, served by @fastify/static). Everything else has a registry entry.
 */
export const UNDOCUMENTED = {
  pages: 'GET /*',
  buildFiles: "every route of the web build's files (apps/server/src/web/routes.ts)",
  /** The pages' texts files, named by their content's hash like the build's files (web/route-messages.ts). */
  texts: 'GET /assets/texts/:name',
} as const;

/** The registry key of a route as Fastify hands it over, if it has an entry (a HEAD route is its GET's). */
function keyOf(method: string, url: string): ApiRoute | undefined {
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  return Object.hasOwn(routes, key) ? (key as ApiRoute) : undefined;
}

export function entryOf(method: string, url: string): RouteEntry | undefined {
  const key = keyOf(method, url);
  return key && routes[key];
}

const forMarket = (schema: MarketSchema | undefined, market: Market) => (typeof schema === 'function' ? schema(market) : schema);

function responsesOf(entry: RouteEntry): FastifySchema['response'] {
  const { response } = entry;
  if (!('kind' in response)) return { 200: successEnvelope(response), '4xx': failureEnvelope, '5xx': failureEnvelope };
  const raw = Object.entries(response.statuses).map(([status, { contentType, schema }]) => [
    status,
    { description: response.description, content: { [contentType]: { schema: schema ?? z.string() } } },
  ]);
  return { ...Object.fromEntries(raw), '4xx': failureEnvelope };
}

function schemaOf(entry: RouteEntry, area: string, market: Market): FastifySchema {
  const parts = { params: entry.params, querystring: entry.querystring, body: entry.body };
  const request = Object.fromEntries(Object.entries(parts).flatMap(([part, schema]) => (schema ? [[part, forMarket(schema, market)]] : [])));
  return { summary: entry.summary, tags: [area], ...request, response: responsesOf(entry) } as FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as `METHOD /path`, in the order registered (the contract test compares it with the document). */
    registeredRoutes: readonly string[];
  }
}

/**
 * The typed contract (docs/decisions/017): each route gets its registry entry's schemas by an onRoute
 * hook, so route files stay as they are. Requests are still validated once, by the route's own
 * `parseInput` (its `validationError` keys are the API's); the schemas here only describe them. An
 * answer is plain JSON.stringify, except with `checkResponses` (tests), where every JSON answer must
 * match its schema or the request fails.
 */
export const contract = fp(async (app: FastifyInstance, opts: { checkResponses: boolean }) => {
  app.setValidatorCompiler(() => (value) => ({ value }));
  app.setSerializerCompiler(({ schema, method, url }) => {
    if (!opts.checkResponses) return JSON.stringify;
    const check = schema as z.ZodType;
    // the answer as the client reads it: dates become strings, undefined fields disappear
    return (data) => {
      const json = JSON.stringify(data);
      const checked = check.safeParse(JSON.parse(json));
      if (checked.success) return json;
      // the test sees a 500; this says why
      const why = `${method} ${url}: the answer does not match its schema (packages/contract):\n${z.prettifyError(checked.error)}\n`;
      process.stderr.write(why);
      throw new Error(why);
    };
  });
  const registered: string[] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    registered.push(...methods.map((m) => `${m} ${route.url}`));
    // a route of several methods is the web's page route (UNDOCUMENTED): no entry, hidden
    const key = keyOf(methods[0], route.url);
    route.schema = key ? schemaOf(routes[key], areaOf(key), app.market) : { ...route.schema, hide: true };
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `Andes shop API (${app.market.site})`,
        version: '1',
        description: 'The JSON envelope, its error keys and the rules behind the answers: docs/api.md.',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
});
