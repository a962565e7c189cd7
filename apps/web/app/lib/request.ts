import { ErrorKeys } from '@andes/domain/error-keys';
import { events } from '@andes/domain/analytics';
import type { Market } from '@andes/domain/market';
import type { Translate } from '@andes/domain/messages';
import type { ApiBody } from '@andes/contract/envelope';
import type { Answer } from '@andes/contract/caller';
import type { ApiRoute } from '@andes/contract/routes';
import { track } from './analytics.ts';
import { ui, type ErrorItem } from './ui-events.ts';

/** What the customer just typed into a sign-in or new-secret form; used once, never stored. */
export interface Credentials {
  username: string;
  password: string;
  /** The customer's mobile, for the markets whose sign-in form carries it (Chile's `Movil`). */
  phone?: string | null;
}

/** A route's answer as the browser reads it: its fields (typed by the contract when the route is named) in the envelope. */
export type Reply<K extends ApiRoute = never> = ApiBody & ([K] extends [never] ? unknown : Answer<K>);

/**
 * The one request helper of the browser (SPEC §7 "Generic request behaviour", §8 session rules). The
 * type argument names the route (`request<'POST /restpp/order/cancel'>(…)`) and types its answer.
 */
export interface RequestOptions<K extends ApiRoute = never> {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** An object, or a list (SPEC §7 `POST /restpp/order/add` takes lines), which always travels as JSON. */
  data?: Record<string, unknown> | ReadonlyArray<unknown> | FormData;
  /** form (default, urlencoded), json, or attachment (multipart, body sent as given). */
  contentType?: 'form' | 'json' | 'attachment';
  headers?: Record<string, string>;
  /** The string 'false' suppresses the error popup (SPEC §7). */
  failurePopup?: string;
  /** Where failures are reported in analytics; the URL when not given. */
  failureContext?: string;
  /**
   * Credentials for the sign-in that follows a `needLogout` redirect (SPEC §7). Without them the
   * helper opens the login page instead of posting the login form.
   */
  relogin?: Credentials;
  signal?: AbortSignal;
  success?: (body: Reply<K>) => void;
  failure?: (body: ApiBody | null, error?: unknown) => void;
}

interface Setup {
  market: Pick<Market, 'site' | 'loginPath' | 'loginFields' | 'reloginFields'>;
  t: Translate;
}

let setup: Setup | null = null;

export function configureRequest(value: Setup): void {
  setup = value;
}

const site = () => setup?.market.site ?? 'cl';

/** Response fields kept for later screens (SPEC §7), without names containing @ : . */
export const responseStore = new Map<string, unknown>();

const SESSION_KEYS: string[] = [ErrorKeys.requiredLogin, ErrorKeys.sessionExpired];
export const SESSION_EXPIRED_PATH = '/personas/sesion-expirada';
export const CART_PATH = '/carrito-compra';
/** SPEC §6: the profile's securityStatus of a signed-in customer. */
const SIGNED_IN = 4;

function csrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  const el = document.getElementById('f__key__') as HTMLInputElement | null;
  return el?.value ?? null;
}

export function withToken(url: string, token = csrfToken()): string {
  if (!token) return url;
  return `${url}${url.includes('?') ? '&' : '?'}f__key__=${encodeURIComponent(token)}`;
}

function encode(options: RequestOptions): { body?: BodyInit; headers: Record<string, string> } {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const { data } = options;
  if (!data || (options.method ?? 'GET') === 'GET') return { headers };
  if (options.contentType === 'attachment' || data instanceof FormData) return { body: data as FormData, headers };
  if (options.contentType === 'json' || Array.isArray(data)) {
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

/** A new page token after the session changed (the old one belonged to the ended session). */
async function freshToken(): Promise<string | null> {
  try {
    const res = await fetch('/restpp/security/token', { credentials: 'same-origin', headers: { accept: 'application/json' } });
    const body = (await res.json()) as { f__key__?: unknown };
    return typeof body.f__key__ === 'string' ? body.f__key__ : null;
  } catch {
    return null;
  }
}

/**
 * SPEC §7 needLogout: `GET /oam/server/logout`, then post the login form with the market's fields,
 * returning to the redirect. The credentials are the ones the customer has just typed (say a new
 * PIN); without them the login page opens instead, since the browser never keeps a secret.
 */
async function logoutThenLogin(redirect: string, credentials: Credentials | undefined): Promise<void> {
  const market = setup?.market;
  // the server may have ended the session already (a new secret ends every session): go on regardless
  await fetch(withToken('/oam/server/logout'), { credentials: 'same-origin', redirect: 'manual' }).catch(() => undefined);
  const token = credentials && market ? await freshToken() : null;
  if (!credentials || !market || !token) {
    window.location.assign(`${market?.loginPath ?? '/inicio-sesion'}?successurl=${encodeURIComponent(redirect)}`);
    return;
  }
  const form = document.createElement('form');
  form.method = 'post';
  form.action = withToken('/oam/server/authentication', token);
  // the market's form (SPEC §7): Chile Rut, PIN and Movil; Peru phone, password, login space and auth source
  const { phone, fixed } = market.reloginFields;
  const fields = {
    [market.loginFields.username]: credentials.username,
    [market.loginFields.password]: credentials.password,
    ...(phone && credentials.phone ? { [phone]: credentials.phone } : {}),
    ...fixed,
    successurl: redirect,
  };
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

function inCheckout(): boolean {
  const path = window.location.pathname;
  return path.includes('/flujo-compra') || path.startsWith('/checkout/');
}

/** The session's level now (the page's own profile may predate the loss); 0 when it cannot be read. */
async function currentSecurityStatus(): Promise<number> {
  try {
    const res = await fetch(withToken('/REST/profile/current?sessionRestored=true'), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    const body = (await res.json()) as { profile?: { securityStatus?: unknown } };
    return typeof body.profile?.securityStatus === 'number' ? body.profile.securityStatus : 0;
  } catch {
    return 0;
  }
}

/**
 * SPEC §8: a lost session sends the visitor to the session-expired page (unless already there); in
 * checkout below securityStatus 4 the payment restarts from the cart instead.
 */
async function handleSessionLoss(): Promise<void> {
  const checkout = inCheckout();
  track(events.sessionExpired(site(), checkout));
  if (checkout) {
    // signed in again meanwhile (another tab): nothing to restart, the caller may retry
    if ((await currentSecurityStatus()) >= SIGNED_IN) return;
    ui.sessionRestart();
    return;
  }
  const { pathname, search } = window.location;
  if (pathname !== SESSION_EXPIRED_PATH) window.location.assign(`${SESSION_EXPIRED_PATH}?successurl=${encodeURIComponent(pathname + search)}`);
}

/** The error list of a failed answer: short message, and the detail 'Ver detalle' reveals. */
export function errorItems(body: ApiBody | null, fallback?: string): ErrorItem[] {
  const list = body?.response?.systemMessage ?? [];
  if (!list.length) {
    const message = fallback ?? (setup ? setup.t(ErrorKeys.generic) : ErrorKeys.generic);
    return [{ key: ErrorKeys.generic, message }];
  }
  return list.map((m) => ({
    key: m.exceptionKey,
    message: m.messages[0] ?? m.exceptionKey,
    detail: m.defaultExceptionDetail || m.messages.slice(1).join(' ') || undefined,
    ...(m.extendExceptionMessage ? { extend: m.extendExceptionMessage } : {}),
    // only a path of this site: a button never leads elsewhere, whatever an answer says
    ...(m.otherButton && m.otherButton.url.startsWith('/') && !m.otherButton.url.startsWith('//') ? { otherButton: m.otherButton } : {}),
    ...(m.enableClicktoCall ? { clickToCall: true } : {}),
  }));
}

/**
 * Sends a call and reads the envelope. Success stores the answer's fields and runs `success`; a
 * needLogout redirect signs out and in again (the page navigates away). Failure runs `failure`
 * after the session rules, analytics and the error popup.
 */
export async function request<K extends ApiRoute = never>(options: RequestOptions<K>): Promise<Reply<K> | null> {
  const { body, headers } = encode(options);
  const where = options.failureContext ?? options.url;
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
      track(events.failure(site(), 'pp.error.network', where));
      options.failure?.(null, error);
    }
    return null;
  }
  // the one place the browser takes an answer's shape on trust: the server checks it against the contract in its tests
  let parsed: Reply<K> | null = null;
  try {
    parsed = (await res.json()) as Reply<K>;
  } catch {
    parsed = null;
  }
  const answer = parsed?.response;
  if (parsed?.success) {
    storeFields(parsed);
    if (answer?.isRedirect && answer.needLogout && answer.redirectRUL) {
      await logoutThenLogin(answer.redirectRUL, options.relogin);
      return parsed;
    }
    options.success?.(parsed);
    return parsed;
  }
  const keys = (answer?.systemMessage ?? []).map((m) => m.exceptionKey);
  if (keys.some((k) => SESSION_KEYS.includes(k))) {
    await handleSessionLoss();
    options.failure?.(parsed);
    return parsed;
  }
  for (const key of keys.length ? keys : [ErrorKeys.generic]) track(events.failure(site(), key, where));
  if (options.failurePopup !== 'false' && !parsed?.validationError) ui.errors(errorItems(parsed));
  options.failure?.(parsed);
  return parsed;
}
