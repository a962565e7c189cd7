import { getMarket, type SiteId } from '@andes/domain/market';
import type { ApiResult } from '@andes/contract/envelope';
import type { WebContext } from '@andes/contract/caller';

/** A call a route action made to the API, as the in-process bridge would have received it. */
export interface ApiCall {
  path: string;
  method: string;
  body?: unknown;
  headers?: Record<string, string>;
}

type Answer = { status?: number; body: Record<string, unknown> & { success: boolean } };

/**
 * For tests of route actions: a load context whose API answers by path (the first route whose key
 * the path starts with, `METHOD path` before `path`) and records every call.
 */
export function testContext(site: SiteId, answers: Record<string, Answer>) {
  const calls: ApiCall[] = [];
  const api = (async (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ path, method, ...(init.body !== undefined ? { body: init.body } : {}), ...(init.headers ? { headers: init.headers } : {}) });
    const key = Object.keys(answers).find((k) => `${method} ${path}`.startsWith(k) || path.startsWith(k));
    const answer = key ? answers[key]! : { status: 404, body: { success: false } };
    return { status: answer.status ?? 200, body: answer.body } as ApiResult;
  }) as WebContext['api'];
  const context: WebContext = {
    market: getMarket(site),
    csrfToken: 't',
    textsInline: false,
    nonce: 'n',
    api,
    settings: { welcomeThreshold: 1, welcomeAlways: false, sandbox: true, gtmId: null, features: ['clickToCall'] },
  };
  return { context, calls };
}
