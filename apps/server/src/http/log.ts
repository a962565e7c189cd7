import type { FastifyRequest } from 'fastify';

/** The page token rides in the query string (SPEC §7); it is a per-session secret, so logs never keep it. */
export function withoutPageToken(url: string): string {
  return url.replace(/([?&]f__key__=)[^&#]*/g, '$1[hidden]');
}

/** Fastify's own request fields, with the page token hidden from the logged address. */
export const logSerializers = {
  req(req: FastifyRequest) {
    return {
      method: req.method,
      url: withoutPageToken(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
};
