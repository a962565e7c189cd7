import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The page token of a visitor without a session (docs/decisions/010): signed, not stored, so an
 * anonymous page view writes nothing. It is bound to a random nonce kept in this cookie, which a
 * cross-site form post does not carry (SameSite=Lax): a token read off our page is useless elsewhere.
 */
export const PAGE_TOKEN_COOKIE = 'ptk';

/** As long as an anonymous session may sit idle (session.ts), so an open page keeps working as before. */
export const PAGE_TOKEN_TTL_MS = 7 * 24 * 3600_000;

const PREFIX = 'p1';
const NONCE = /^[A-Za-z0-9_-]{22}$/;

export interface PageTokens {
  /** The nonce to sign for: the visitor's cookie when it holds one, else a new one. */
  nonceFor(cookie: string | undefined): string;
  issue(nonce: string, now: number): string;
  /** Whether `token` is ours, unexpired, and made for the nonce in the visitor's cookie. */
  verify(token: string, cookie: string | undefined, now: number): boolean;
}

export function pageTokens(key: string, site: string): PageTokens {
  const sign = (nonce: string, expires: string) => createHmac('sha256', key).update(`page|${site}|${nonce}|${expires}`).digest('base64url');
  return {
    nonceFor: (cookie) => (cookie && NONCE.test(cookie) ? cookie : randomBytes(16).toString('base64url')),
    issue(nonce, now) {
      const expires = String(Math.floor((now + PAGE_TOKEN_TTL_MS) / 1000));
      return `${PREFIX}.${nonce}.${expires}.${sign(nonce, expires)}`;
    },
    verify(token, cookie, now) {
      const [prefix, nonce, expires, signature, ...rest] = token.split('.');
      if (prefix !== PREFIX || rest.length || !nonce || !expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
      if (Number(expires) * 1000 <= now || !cookie || cookie !== nonce) return false;
      const expected = Buffer.from(sign(nonce, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
