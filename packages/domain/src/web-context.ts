import type { Market } from './market.ts';

/** A call to our own HTTP API, in the browser with fetch and during SSR through the in-process app. */
export interface ApiResult<T = Record<string, unknown>> {
  status: number;
  body: T & {
    success: boolean;
    response?: { systemMessage?: Array<{ exceptionKey: string; messages: string[] }>; redirectRUL?: string | null };
    validationError?: Record<string, string[]>;
  };
}

export type ApiCaller = <T = Record<string, unknown>>(
  path: string,
  init?: { method?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<ApiResult<T>>;

/** What the server hands every server-rendered request (React Router load context). */
export interface WebContext {
  market: Market;
  csrfToken: string;
  nonce: string;
  api: ApiCaller;
  settings: { welcomeThreshold: number; welcomeAlways: boolean; sandbox: boolean };
}
