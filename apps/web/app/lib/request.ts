import { ErrorKeys } from '@andes/domain/error-keys';
import { events } from '@andes/domain/analytics';
import type { SiteId } from '@andes/domain/market';
import type { Translate } from '@andes/domain/messages';
import { track } from './analytics.ts';
import { ui, type ErrorItem } from './ui-events.ts';

/**
 * The one request helper of the browser (SPEC §7 "Generic request behaviour", §8 session rules).
 */
export interface SystemMessage {
  exceptionKey: string;
  messages: string[];
  detail?: string;
}

export interface ApiBody {
  success: boolean;
  response?: {
    systemMessage?: SystemMessage[];
    isRedirect?: boolean;
    needLogout?: boolean;
    redirectRUL?: string | null;
  };
  validationError?: Record<string, string[]>;
  [field: string]: unknown;
}

export interface RequestOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  data?: Record<string, unknown> | FormData;
  /** form (default, urlencoded), json, or attachment (multipart, body sent as given). */
  contentType?: 'form' | 'json' | 'attachment';
  headers?: Record<string, string>;
  /** The string 'false' suppresses the error popup (SPEC §7). */
  failurePopup?: string;
  signal?: AbortSignal;
  success?: (body: ApiBody) => void;
  failure?: (body: ApiBody | null, error?: unknown) => void;
}

interface Setup {
  site: SiteId;
  t: Translate;
  loginPath: string;
  securityStatus: () => number;
}

let setup: Setup | null = null;

export function configureRequest(value: Setup): void {
  setup = value;
}

/** Response fields kept for later screens (SPEC §7), without names containing @ : . */
export const responseStore = new Map<string, unknown>();

const SESSION_KEYS: string[] = [ErrorKeys.requiredLogin, ErrorKeys.sessionExpired];
export const SESSION_EXPIRED_PATH = '/personas/sesion-expirada';

function csrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  const el = document.getElementById('f__key__') as HTMLInputElement | null;
  return el?.value ?? null;
}

export function withToken(url: string): string {
  const token = csrfToken();
  if (!token) return url;
  return `${url}${url.includes('?') ? '&' : '?'}f__key__=${encodeURIComponent(token)}`;
}

function encode(options: RequestOptions): { body?: BodyInit; headers: Record<string, string> } {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const { data } = options;
  if (!data || (options.method ?? 'GET') === 'GET') return { headers };
  if (options.contentType === 'attachment' || data instanceof FormData) return { body: data as FormData, headers };
  if (options.contentType === 'json') {
    return { body: JSON.stringify(data), headers: { ...headers, 'content-type': 'application/json;charset=UTF-8' } };
  }
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(data)) if (v !== undefined && v !== null) form.append(k, String(v));
  return { body: form, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' } };
}

function storeFields(body: ApiBody) {
  for (const [name, value] of Object.entries(body)) {
    if (name === 'success' || name === 'response' || /[@:.]/.test(name)) continue;
    responseStore.set(name, value);
  }
}

/**
 * needLogout: end the session on the server, then a fresh sign-in that returns to the redirect.
 * The original site re-posted the customer's credentials; we never keep them in the browser, so the
 * login form is shown instead.
 */
async function logoutThenLogin(redirect: string) {
  await fetch('/oam/server/logout', { credentials: 'same-origin', redirect: 'manual' });
  const loginPath = setup?.loginPath ?? '/inicio-sesion';
  window.location.assign(`${loginPath}?successurl=${encodeURIComponent(redirect)}`);
}

function inCheckout(): boolean {
  const path = window.location.pathname;
  return path.includes('/flujo-compra') || path.startsWith('/checkout/');
}

/** SPEC §8: a lost session sends the visitor to the session-expired page, or restarts a payment. */
function handleSessionLoss(): void {
  const checkout = inCheckout();
  track(events.sessionExpired(setup?.site ?? 'cl', checkout));
  if (checkout && (setup?.securityStatus() ?? 0) < 4) {
    ui.sessionRestart();
    return;
  }
  if (window.location.pathname !== SESSION_EXPIRED_PATH) window.location.assign(SESSION_EXPIRED_PATH);
}

function errorItems(body: ApiBody | null): ErrorItem[] {
  const t = setup?.t;
  const list = body?.response?.systemMessage ?? [];
  if (!list.length) return [{ key: ErrorKeys.generic, message: t ? t(ErrorKeys.generic) : ErrorKeys.generic }];
  return list.map((m) => ({ key: m.exceptionKey, message: m.messages[0] ?? m.exceptionKey, detail: m.messages.slice(1).join(' ') || m.detail }));
}

export async function request(options: RequestOptions): Promise<ApiBody | null> {
  const { body, headers } = encode(options);
  let res: Response;
  try {
    res = await fetch(withToken(options.url), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    // network errors go to the failure callback only (SPEC §8)
    if (!(error instanceof DOMException && error.name === 'AbortError')) {
      track(events.failure(setup?.site ?? 'cl', 'pp.error.network', options.url));
      options.failure?.(null, error);
    }
    return null;
  }
  let parsed: ApiBody | null = null;
  try {
    parsed = (await res.json()) as ApiBody;
  } catch {
    parsed = null;
  }
  const answer = parsed?.response;
  if (parsed?.success) {
    storeFields(parsed);
    if (answer?.isRedirect && answer.needLogout && answer.redirectRUL) await logoutThenLogin(answer.redirectRUL);
    options.success?.(parsed);
    return parsed;
  }
  const keys = (answer?.systemMessage ?? []).map((m) => m.exceptionKey);
  if (keys.some((k) => SESSION_KEYS.includes(k))) {
    handleSessionLoss();
    options.failure?.(parsed);
    return parsed;
  }
  for (const key of keys.length ? keys : [ErrorKeys.generic]) track(events.failure(setup?.site ?? 'cl', key, options.url));
  if (options.failurePopup !== 'false' && !parsed?.validationError) ui.errors(errorItems(parsed));
  options.failure?.(parsed);
  return parsed;
}
