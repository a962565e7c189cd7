import type { SiteFeature } from '@andes/domain/site-features';
import type { z } from 'zod';
import type { Market } from '@andes/domain/market';
import type { ApiResult } from './envelope.ts';
import type { ApiRoute, Routes } from './routes.ts';

/** The route's own fields of its success envelope (a route answering a file or a redirect has none). */
export type Answer<K extends ApiRoute> = Routes[K]['response'] extends z.ZodType ? z.output<Routes[K]['response']> : never;

/**
 * A call to our own HTTP API, in the browser with fetch and during SSR through the in-process app.
 * The type argument names the route (`context.api<'GET /restpp/order/shoppingCart'>(url)`) and types
 * the answer from its schema; without one the answer's fields are unknown.
 */
export type ApiCaller = <K extends ApiRoute = never>(
  path: string,
  init?: { method?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<ApiResult<[K] extends [never] ? Record<string, unknown> : Answer<K>>>;

/** What the server hands every server-rendered request (React Router load context). */
export interface WebContext {
  market: Market;
  csrfToken: string;
  nonce: string;
  api: ApiCaller;
  settings: { welcomeThreshold: number; welcomeAlways: boolean; sandbox: boolean; gtmId: string | null; features: SiteFeature[] };
  /** A client-side navigation's data request: its routes' texts travel inline, not as files (route-messages.ts). */
  textsInline: boolean;
}
