import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const ID_FORMAT = /^[\w-]{8,64}$/;
const INTERNAL_CALL_HEADER = 'x-internal-call';

/**
 * Request ids for the logs. Any client could otherwise choose the id its requests are logged under
 * (and pose as another request), so a given `x-request-id` is kept only when it comes straight from a
 * proxy we trust (TRUST_PROXY, http/proxy.ts), or on the server's own in-process calls (a page's API
 * calls share the page's id), which prove themselves with a key made at start that no client ever sees.
 */
export function requestIds(trustsProxy: (address: string, hop: number) => boolean) {
  const internalKey = randomBytes(24).toString('base64url');
  const isInternalCall = (req: IncomingMessage) => req.headers[INTERNAL_CALL_HEADER] === internalKey;
  return {
    genReqId(req: IncomingMessage): string {
      const given = req.headers['x-request-id'];
      const trusted = trustsProxy(req.socket?.remoteAddress ?? '', 0) || isInternalCall(req);
      return trusted && typeof given === 'string' && ID_FORMAT.test(given) ? given : randomUUID();
    },
    /** The server's own in-process calls (a page's API calls), which a client cannot pose as. */
    isInternalCall,
    /** Headers for an in-process call made while serving request `id`, so its log lines carry that id. */
    internalCallHeaders: (id: string): Record<string, string> => ({ 'x-request-id': id, [INTERNAL_CALL_HEADER]: internalKey }),
  };
}
