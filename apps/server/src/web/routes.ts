import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { ApiCaller, WebContext } from '@andes/contract/caller';
import { compareListFields } from '@andes/domain/compare';
import { catalogueListFields } from '@andes/domain/catalogue-query';
import { failure } from '../http/envelope.ts';
import { SESSION_COOKIE } from '../http/session.ts';
import { API_PREFIXES } from './error-page.ts';
import { TEXTS_PATH, withRouteMessages } from './route-messages.ts';
import { currentProfileAnswer } from '../flows/profile.flow.ts';
import { plansListAnswer } from '../modules/plans/index.ts';
import { parseQuery } from '../http/input-boundary.ts';
import { compressBody, encodingFor, markEncoded } from '../http/whole-body-compression.ts';
import { CAPTIVE_API_PREFIX, captiveCallHeaders } from '../http/captive-host.ts';

const PROFILE_PATH = '/REST/profile/current';
const PLANS_PATH = '/restpp/subscriber/plans';
/** Files whose name carries their content's hash: a changed file is a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const pathOf = (url: string) => url.split('?', 1)[0];

/** The web app's server build (`npm run build`). */
export async function loadWebBuild(buildDir: string): Promise<ServerBuild> {
  const serverEntry = path.resolve(buildDir, 'server/index.js');
  if (!existsSync(serverEntry)) throw new Error(`No web build at ${serverEntry}: run npm run build first.`);
  return (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
}

/** Serves the React Router app: hashed assets from disk, every other GET rendered on the server. */
export async function webRoutes(app: FastifyInstance, opts: { buildDir: string; build: ServerBuild }) {
  // the web build's own router (its entry exports it, apps/web/app/entry.server.tsx) renders the pages;
  // a build without one (a test's stand-in) gets the server's copy
  const handlerOf = (opts.build.entry.module as { createRequestHandler?: typeof createRequestHandler }).createRequestHandler ?? createRequestHandler;
  const { build, textFiles } = withRouteMessages(opts.build, app.market.site);
  const handle = handlerOf(build, 'production');

  await app.register(async (files) => {
    // build files are cheap to serve and a first visit fetches dozens: the per-address limit counts pages and API calls (http/rate-limit.ts);
    // each file is a route of its own, so the request metrics name them all as one
    files.addHook('onRoute', (route) => {
      route.config = { ...route.config, rateLimit: false, metricsRoute: 'web build files' };
    });
    await files.register(fastifyStatic, {
      root: path.resolve(opts.buildDir, 'client'),
      wildcard: false,
      // the build writes .br and .gz beside each file (apps/web/precompress.ts); sent by Accept-Encoding
      preCompressed: true,
      // send's own Cache-Control (max-age=0) would overwrite the one set below
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('vary', 'Accept-Encoding');
        // names under assets/ carry their content's hash: a changed file is a new name
        if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', IMMUTABLE);
      },
    });
    // the routes' texts, named by their content's hash like the build's files (route-messages.ts), each
    // compressed once per encoding like them (a few dozen files: the copies are few)
    const compressedTexts = new Map<string, Promise<Buffer>>();
    files.get<{ Params: { name: string } }>(`${TEXTS_PATH}:name`, async (req, reply) => {
      const texts = textFiles.get(req.params.name);
      if (texts === undefined) return reply.status(404).send(failure([{ exceptionKey: 'pp.error.not.found', messages: [app.t('pp.error.not.found')] }]));
      reply.header('cache-control', IMMUTABLE).type('application/json; charset=utf-8');
      const encoding = encodingFor(req, reply, Buffer.byteLength(texts), 'once');
      if (!encoding) return reply.send(texts);
      const key = `${req.params.name} ${encoding}`;
      let body = compressedTexts.get(key);
      if (!body) {
        body = compressBody(texts, encoding, 'once');
        compressedTexts.set(key, body);
        body.catch(() => compressedTexts.delete(key));
      }
      markEncoded(reply, encoding);
      return reply.send(await body);
    });
  });

  // POST reaches a page's action (forms that work without JavaScript); like every state change it needs the page token (csrf.ts)
  // the catalogue pages' filter form sends its brand checkboxes under one name, the list's compare boxes theirs (input-boundary.ts)
  const queryLists = [...catalogueListFields, ...compareListFields];
  app.route({ method: ['GET', 'HEAD', 'POST'], url: '/*', config: { queryLists }, handler: (req, reply) => render(req, reply) });

  async function render(req: FastifyRequest, reply: FastifyReply) {
    if (API_PREFIXES.some((p) => req.url.startsWith(p))) {
      return reply.status(404).send(failure([{ exceptionKey: 'pp.error.not.found', messages: [app.t('pp.error.not.found')] }]));
    }
    // a visitor without a session gets a signed token and no row: a page view writes nothing
    const csrfToken = app.sessions.pageToken(req, reply);
    const context: WebContext = {
      market: app.market,
      csrfToken,
      nonce: reply.useScriptNonce(),
      api: apiFor(req, csrfToken),
      // React Router asks for a client-side navigation's data at the page's address plus `.data`
      textsInline: pathOf(req.url).endsWith('.data'),
      settings: {
        welcomeThreshold: app.config.welcomeThreshold,
        welcomeAlways: app.config.welcomeAlways,
        sandbox: app.config.sandbox,
        gtmId: app.config.gtmId,
        features: await app.siteFeatures.active(),
      },
    };
    const response = await handle(toWebRequest(req), context as never);
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name === 'set-cookie') continue;
      reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', [...[reply.getHeader('set-cookie') ?? []].flat().map(String), ...cookies]);
    // pages come rendered whole (entry.server.tsx) and data answers are small: one buffer, one write
    return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
  }

  /**
   * Answers that, for a visitor without a session, depend on nothing but their address: every page asks
   * for the profile and the plan catalogue for the plans, and with no session there is nothing a request
   * could load or change, so the route's own function answers here without a request through the whole
   * stack. Visitors with a session still go through it: their session is loaded fresh for each call.
   */
  const answersWithoutSession: Record<string, (req: FastifyRequest, query: Record<string, unknown>) => Promise<unknown>> = {
    [`POST ${PROFILE_PATH}`]: (req) => currentProfileAnswer(app, req),
    [`GET ${PLANS_PATH}`]: (_req, query) => plansListAnswer(app, query, null),
  };

  /**
   * The in-process answer of a call of a visitor without a session, when it has one. A failure (a refusal,
   * a database away) is asked again through the stack, whose error handler makes its envelope (400, the
   * 503 with Retry-After the page turns into its "try again") and logs it.
   */
  async function answerWithoutSession(req: FastifyRequest, method: string, url: string): Promise<{ status: number; body: never } | undefined> {
    const answer = req.session ? undefined : answersWithoutSession[`${method} ${pathOf(url)}`];
    if (!answer) return undefined;
    const at = url.indexOf('?');
    try {
      return { status: 200, body: (await answer(req, at < 0 ? {} : parseQuery(url.slice(at + 1)))) as never };
    } catch {
      return undefined;
    }
  }

  /** The page's own API calls, made in-process with the visitor's session and token. */
  function apiFor(req: FastifyRequest, csrfToken: string): ApiCaller {
    return async (url, init = {}) => {
      const withoutSession = await answerWithoutSession(req, init.method ?? 'GET', url);
      if (withoutSession) return withoutSession;
      // a public answer every visitor shares is read as is: a request through the whole stack costs more than the page's rendering of it
      const cached = (init.method ?? 'GET') === 'GET' ? app.cachedAnswer(url) : undefined;
      if (cached) return { status: 200, body: cached as never };
      const sep = url.includes('?') ? '&' : '?';
      const res = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: `${url}${sep}f__key__=${encodeURIComponent(csrfToken)}`,
        headers: {
          cookie: `${SESSION_COOKIE}=${req.sessionCookie ?? ''}`,
          ...app.internalCallHeaders(String(req.id)),
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          // a captive page's calls name the line as the network named it to the page (decision 023)
          ...(url.startsWith(CAPTIVE_API_PREFIX) ? captiveCallHeaders(app, req) : {}),
          ...init.headers,
        },
        payload: init.body !== undefined ? JSON.stringify(init.body) : undefined,
        remoteAddress: req.ip,
      });
      return { status: res.statusCode, body: res.json() };
    };
  }
}

function toWebRequest(req: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // the body below is encoded again, so its length is the new body's
    if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue;
    // under our no-referrer policy the browser sends `Origin: null` on its own form posts; React Router
    // would refuse that as foreign, but the page token (csrf.ts) already proved the post is ours
    if (name === 'origin' && value === 'null') continue;
    for (const v of [value].flat()) headers.append(name, v);
  }
  const url = pageUrl(req.protocol, req.host, req.url);
  if (req.method !== 'POST') return new Request(url, { method: req.method, headers });
  // Fastify already parsed the form (formbody); the action reads it again as the browser sent it
  const fields =
    req.body && typeof req.body === 'object'
      ? Object.entries(req.body as Record<string, unknown>).flatMap(([k, v]) => [v].flat().map((x) => [k, String(x)]))
      : [];
  headers.set('content-type', 'application/x-www-form-urlencoded');
  return new Request(url, { method: 'POST', headers, body: new URLSearchParams(fields).toString() });
}

/**
 * A Host header made only of what a host name, an IPv4 or a bracketed IPv6 address and a port use;
 * URL.canParse judges the rest. Kept free of nested repetition, so a long header cannot make it slow.
 */
const AUTHORITY = /^(?:[a-z\d.-]+|\[[\da-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The page's URL as React Router sees it. Host (and a proxy's protocol) are the client's to choose:
 * one that names no valid origin (`a b`, `[`, empty, `127.0.0.1:abc`, a path smuggled in) would make
 * an invalid or a different URL, so the page is rendered for localhost instead. The path is appended,
 * never resolved, so `//x:99999` stays a path.
 */
export function pageUrl(protocol: string, host: string, path: string): string {
  const scheme = protocol === 'https' ? 'https' : 'http';
  const origin = `${scheme}://${host}`;
  const safe = AUTHORITY.test(host) && URL.canParse(origin) ? origin : `${scheme}://localhost`;
  return `${safe}${path.startsWith('/') ? path : `/${path}`}`;
}
