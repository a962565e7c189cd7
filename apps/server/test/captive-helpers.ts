import type { FastifyInstance } from 'fastify';
import { SANDBOX_CAPTIVE } from '../src/config.ts';
import { CAPTIVE_LINE_HEADER } from '../src/http/captive-host.ts';
import { Visitor } from './helpers.ts';

/** The sandbox's network proxy (CAPTIVE_PROXY_ADDRESSES). */
export const PROXY = '127.0.0.1';

export interface CaptiveRequest {
  host?: string;
  address?: string;
  msisdn?: string | null;
  token?: { cookie: string; token: string } | null;
}

/** A request as the network proxy forwards it: to the captive host, from the proxy, with the line's header. */
export async function captive(app: FastifyInstance, method: 'GET' | 'POST', url: string, body: unknown, req: CaptiveRequest) {
  const { host = SANDBOX_CAPTIVE.host, address = PROXY, msisdn, token = null } = req;
  const sep = url.includes('?') ? '&' : '?';
  return app.inject({
    method,
    url: token ? `${url}${sep}f__key__=${encodeURIComponent(token.token)}` : url,
    headers: {
      host,
      ...(msisdn ? { [CAPTIVE_LINE_HEADER]: msisdn } : {}),
      ...(token ? { cookie: token.cookie } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
    remoteAddress: address,
  });
}

/** A page token and its session, as the captive page carries them (taken here from the main host's token call). */
export async function pageToken(app: FastifyInstance) {
  const v = await new Visitor(app, PROXY).open();
  return { cookie: v.cookie, token: v.token };
}
