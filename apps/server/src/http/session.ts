import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../periodic.ts';
import {
  deleteSession,
  findSession,
  insertSession,
  markSessionExpired,
  purgeStaleSessions,
  touchSession,
  updateSessionData,
  type SessionRow,
} from './session-repo.ts';
import { PAGE_TOKEN_COOKIE, PAGE_TOKEN_TTL_MS, pageTokens } from './page-token.ts';

export const SESSION_COOKIE = 'sid';

/** Anonymous sessions carry a cart and the CSRF token: they live longer than a signed-in one. */
const ANONYMOUS_IDLE_MS = 7 * 24 * 3600_000;
const ANONYMOUS_ABSOLUTE_MS = 30 * 24 * 3600_000;
/** Writing last-seen on every request is wasteful; a minute of slack does not change expiry. */
const TOUCH_EVERY_MS = 60_000;
/**
 * Every first visit makes a session row and many never come back: an hourly purge keeps the table
 * to the sessions still usable, plus a day past expiry so a returning customer still hears why.
 */
const PURGE_EVERY_SECONDS = 3600;
const EXPIRED_GRACE_MS = 24 * 3600_000;

export interface Session {
  idHash: string;
  customerId: number | null;
  csrfToken: string;
  data: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    /** The signed-in session of this cookie ended by expiry (SPEC §8 session_expired). */
    sessionExpired: boolean;
    /** The cookie value of the session, for calls the server makes on the visitor's behalf (SSR). */
    sessionCookie: string | null;
  }
}

const hashId = (id: string) => createHash('sha256').update(id).digest('hex');
const token = () => randomBytes(32).toString('base64url');

function isExpired(row: SessionRow, now: Date, idleMs: number): boolean {
  return row.expiresAt <= now || now.getTime() - row.lastSeenAt.getTime() > idleMs;
}

export interface SessionOptions {
  idleMinutes: number;
  absoluteHours: number;
  secureCookie: boolean;
  /** PAGE_TOKEN_KEY: signs the page token of a visitor without a session (page-token.ts). */
  pageTokenKey: string;
  site: string;
}

export const sessionPlugin = fp(async (app: FastifyInstance, opts: SessionOptions) => {
  const signedInIdleMs = opts.idleMinutes * 60_000;
  const tokens = pageTokens(opts.pageTokenKey, opts.site);
  app.decorateRequest('session', null);
  app.decorateRequest('sessionExpired', false);
  app.decorateRequest('sessionCookie', null);
  runPeriodically(app, 'session purge', PURGE_EVERY_SECONDS, async () => {
    const purged = await purgeStaleSessions(app.db, new Date(), ANONYMOUS_IDLE_MS, EXPIRED_GRACE_MS);
    if (purged) app.log.info({ purged }, 'session purge');
  });

  app.addHook('onRequest', async (req) => {
    const id = req.cookies[SESSION_COOKIE];
    // a cacheable answer is shared by every visitor (response-cache.ts): its route never sees one
    if (!id || req.routeOptions.config?.cacheSeconds) return;
    const now = new Date();
    const row = await findSession(app.db, hashId(id));
    if (!row) return;
    if (row.expiresAt <= now && row.customerId === null) {
      await deleteSession(app.db, row.idHash);
      return;
    }
    let customerId = row.customerId;
    let data = row.data;
    if (customerId !== null && isExpired(row, now, signedInIdleMs)) {
      await markSessionExpired(app.db, row.idHash, now);
      customerId = null;
      data = { ...data, expiredAt: now.toISOString() };
    } else if (customerId === null && isExpired(row, now, ANONYMOUS_IDLE_MS)) {
      await deleteSession(app.db, row.idHash);
      return;
    } else if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await touchSession(app.db, row.idHash, now);
    }
    req.session = { idHash: row.idHash, customerId, csrfToken: row.csrfToken, data };
    req.sessionCookie = id;
    req.sessionExpired = customerId === null && typeof data.expiredAt === 'string';
  });

  function setCookie(reply: FastifyReply, id: string, maxAgeMs: number, name = SESSION_COOKIE) {
    reply.setCookie(name, id, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.secureCookie,
      maxAge: Math.floor(maxAgeMs / 1000),
    });
  }

  async function create(
    req: FastifyRequest,
    reply: FastifyReply,
    customerId: number | null,
    data: Record<string, unknown>,
    csrfToken = token(),
  ): Promise<Session> {
    const id = token();
    const absoluteMs = customerId === null ? ANONYMOUS_ABSOLUTE_MS : opts.absoluteHours * 3600_000;
    const session: Session = { idHash: hashId(id), customerId, csrfToken, data };
    await insertSession(app.db, { ...session, expiresAt: new Date(Date.now() + absoluteMs) });
    setCookie(reply, id, absoluteMs);
    req.session = session;
    req.sessionCookie = id;
    req.sessionExpired = false;
    return session;
  }

  app.decorate('sessions', {
    /**
     * The token a page carries: its session's, else a signed one that makes no row (page-token.ts).
     * The nonce cookie is sent again each time, so it lives as long as the newest token.
     */
    pageToken(req: FastifyRequest, reply: FastifyReply): string {
      if (req.session) return req.session.csrfToken;
      const nonce = tokens.nonceFor(req.cookies[PAGE_TOKEN_COOKIE]);
      setCookie(reply, nonce, PAGE_TOKEN_TTL_MS, PAGE_TOKEN_COOKIE);
      return tokens.issue(nonce, Date.now());
    },
    /**
     * A state change carrying a page token we signed for this browser's nonce is the visitor's first:
     * it becomes an anonymous session whose token is the page's, so the open page goes on working.
     * False when the token is not such a token (csrf.ts refuses the call).
     */
    async fromPageToken(req: FastifyRequest, reply: FastifyReply, sent: string): Promise<boolean> {
      if (!tokens.verify(sent, req.cookies[PAGE_TOKEN_COOKIE], Date.now())) return false;
      if (!req.session) await create(req, reply, null, {}, sent);
      return true;
    },
    /** The visitor's session, created anonymous when there is none (API clients without a page ask for a token). */
    async ensure(req: FastifyRequest, reply: FastifyReply): Promise<Session> {
      return req.session ?? create(req, reply, null, {});
    },
    /** Sign-in: a new id and token (no fixation), keeping what the anonymous session held. */
    async rotate(req: FastifyRequest, reply: FastifyReply, customerId: number): Promise<Session> {
      const { expiredAt: _expired, ...data } = req.session?.data ?? {};
      if (req.session) await deleteSession(app.db, req.session.idHash);
      return create(req, reply, customerId, data);
    },
    async destroy(req: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (req.session) await deleteSession(app.db, req.session.idHash);
      req.session = null;
      req.sessionCookie = null;
      req.sessionExpired = false;
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    },
    async saveData(req: FastifyRequest, data: Record<string, unknown>): Promise<void> {
      if (!req.session) return;
      req.session.data = data;
      await updateSessionData(app.db, req.session.idHash, data);
    },
  });
});

export type Sessions = {
  pageToken(req: FastifyRequest, reply: FastifyReply): string;
  fromPageToken(req: FastifyRequest, reply: FastifyReply, sent: string): Promise<boolean>;
  ensure(req: FastifyRequest, reply: FastifyReply): Promise<Session>;
  rotate(req: FastifyRequest, reply: FastifyReply, customerId: number): Promise<Session>;
  destroy(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  saveData(req: FastifyRequest, data: Record<string, unknown>): Promise<void>;
};
