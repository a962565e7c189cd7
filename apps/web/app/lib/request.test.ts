import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMarket } from '@andes/domain/market';
import { catalogueFor, marketTranslator } from '@andes/domain/messages';
import type { ApiBody } from '@andes/contract/envelope';
import { configureRequest, errorItems, request, responseStore } from './request.ts';
import { UI_EVENTS, type ErrorItem } from './ui-events.ts';

/** The few browser objects the helper touches, so it runs under Node. */
interface FakeForm {
  method: string;
  action: string;
  inputs: Array<{ type: string; name: string; value: string }>;
  submit: ReturnType<typeof vi.fn>;
  appendChild(input: { type: string; name: string; value: string }): void;
}

let page: EventTarget & { location: { pathname: string; search: string; assign: ReturnType<typeof vi.fn> }; dataLayer?: unknown[] };
let forms: FakeForm[];
let fetchMock: ReturnType<typeof vi.fn>;

const envelope = (body: Partial<ApiBody> & Record<string, unknown>, status = 200) =>
  new Response(JSON.stringify({ success: true, response: { systemMessage: [], isRedirect: false, needLogout: false, redirectRUL: null }, ...body }), {
    status,
  });
const failure = (exceptionKey: string, status = 400, extra: Record<string, unknown> = {}) =>
  envelope({ success: false, response: { systemMessage: [{ exceptionKey, messages: [`msg ${exceptionKey}`] }] }, ...extra }, status);

function events(name: string): unknown[] {
  const seen: unknown[] = [];
  page.addEventListener(name, (e) => seen.push((e as CustomEvent).detail));
  return seen;
}

function at(pathname: string, search = '') {
  page.location.pathname = pathname;
  page.location.search = search;
}

beforeEach(() => {
  page = Object.assign(new EventTarget(), { location: { pathname: '/', search: '', assign: vi.fn() } });
  forms = [];
  fetchMock = vi.fn();
  vi.stubGlobal('window', page);
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('document', {
    getElementById: (id: string) => (id === 'f__key__' ? { value: 'tok en' } : null),
    createElement: (tag: string) => {
      if (tag === 'form') {
        const form: FakeForm = { method: '', action: '', inputs: [], submit: vi.fn(), appendChild: (i) => form.inputs.push(i) };
        forms.push(form);
        return form;
      }
      return { type: '', name: '', value: '' };
    },
    body: { appendChild: vi.fn() },
  });
  const market = getMarket('cl');
  configureRequest({ market, t: marketTranslator(catalogueFor('cl'), market) });
  responseStore.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request', () => {
  it('appends the page token f__key__ to every URL', async () => {
    fetchMock.mockResolvedValue(envelope({}));
    await request({ url: '/restpp/order' });
    await request({ url: '/restpp/order/payment?paymentMethod=webpay', method: 'GET' });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/restpp/order?f__key__=tok%20en', '/restpp/order/payment?paymentMethod=webpay&f__key__=tok%20en']);
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'GET', credentials: 'same-origin' });
  });

  it('sends form bodies by default, JSON on request, and lists always as JSON', async () => {
    fetchMock.mockResolvedValue(envelope({}));
    await request({ url: '/a', method: 'POST', data: { a: 1, b: null, c: 'x y' } });
    await request({ url: '/b', method: 'POST', contentType: 'json', data: { a: [1] } });
    await request({ url: '/c', method: 'POST', data: [{ type: 'equipment', id: 'sku', quantity: 1 }] });
    const [form, json, list] = fetchMock.mock.calls.map((c) => c[1] as RequestInit & { headers: Record<string, string> });
    expect(String(form.body)).toBe('a=1&c=x+y');
    expect(form.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(json.body).toBe('{"a":[1]}');
    expect(list.body).toBe('[{"type":"equipment","id":"sku","quantity":1}]');
    expect(list.headers['content-type']).toBe('application/json;charset=UTF-8');
  });

  it('stores the answer’s fields, except names containing @ : or .', async () => {
    fetchMock.mockResolvedValue(envelope({ order: { number: 'A1' }, 'a.b': 1, 'x@y': 2, 'c:d': 3 }));
    const success = vi.fn();
    await request({ url: '/restpp/order', success });
    expect(success).toHaveBeenCalledOnce();
    expect([...responseStore.keys()]).toEqual(['order']);
    expect(responseStore.get('order')).toEqual({ number: 'A1' });
  });

  it('shows the error popup with the detail behind "Ver detalle", unless failurePopup is the string false', async () => {
    const popups = events(UI_EVENTS.error);
    fetchMock.mockResolvedValue(
      envelope(
        {
          success: false,
          response: {
            systemMessage: [{ exceptionKey: 'pp.error.generic', messages: ['Tuvimos un problema.'], defaultExceptionDetail: 'Código de referencia: r-1.' }],
          },
        },
        500,
      ),
    );
    const failed = vi.fn();
    await request({ url: '/x', failure: failed });
    expect(popups).toEqual([[{ key: 'pp.error.generic', message: 'Tuvimos un problema.', detail: 'Código de referencia: r-1.' }]]);
    expect(failed).toHaveBeenCalledWith(expect.objectContaining({ success: false }));
    await request({ url: '/x', failurePopup: 'false' });
    expect(popups).toHaveLength(1);
    expect(page.dataLayer).toContainEqual({ event: 'app_error', site: 'cl', error_key: 'pp.error.generic', error_where: '/x' });
  });

  it('leaves field errors to the form: no popup for a validation envelope', async () => {
    const popups = events(UI_EVENTS.error);
    fetchMock.mockResolvedValue(failure('pp.error.validation', 400, { validationError: { password: ['* mal'] } }));
    const body = await request({ url: '/x', method: 'POST' });
    expect(body?.validationError).toEqual({ password: ['* mal'] });
    expect(popups).toEqual([]);
  });

  it('hands network errors to the failure callback only', async () => {
    const popups = events(UI_EVENTS.error);
    const error = new TypeError('Failed to fetch');
    fetchMock.mockRejectedValue(error);
    const failed = vi.fn();
    expect(await request({ url: '/restpp/order/add', failure: failed, failureContext: 'add_to_cart' })).toBeNull();
    expect(failed).toHaveBeenCalledWith(null, error);
    expect(popups).toEqual([]);
    expect(page.dataLayer).toContainEqual({ event: 'app_error', site: 'cl', error_key: 'pp.error.network', error_where: 'add_to_cart' });
  });

  it.each(['required_login', 'session_expired'])('sends %s to the session-expired page, coming back afterwards', async (key) => {
    at('/personas/mientel/consumo', '?dias=7');
    fetchMock.mockResolvedValue(failure(key, 401));
    const failed = vi.fn();
    await request({ url: '/restpp/assets', failure: failed });
    expect(page.location.assign).toHaveBeenCalledWith('/personas/sesion-expirada?successurl=%2Fpersonas%2Fmientel%2Fconsumo%3Fdias%3D7');
    expect(failed).toHaveBeenCalledOnce();
    expect(page.dataLayer).toContainEqual({ event: 'session_expired', site: 'cl', in_checkout: false });
  });

  it('does not send the visitor to the session-expired page when already there', async () => {
    at('/personas/sesion-expirada');
    fetchMock.mockResolvedValue(failure('session_expired', 401));
    await request({ url: '/restpp/assets' });
    expect(page.location.assign).not.toHaveBeenCalled();
  });

  it('in checkout below securityStatus 4, asks to restart the payment from the cart instead', async () => {
    at('/personas/flujo-compra/detalle-pago');
    const restarts = events(UI_EVENTS.sessionRestart);
    fetchMock.mockResolvedValueOnce(failure('session_expired', 401)).mockResolvedValueOnce(envelope({ profile: { securityStatus: 0 } }));
    await request({ url: '/restpp/order/payment?paymentMethod=webpay' });
    expect(fetchMock.mock.calls[1][0]).toBe('/REST/profile/current?sessionRestored=true&f__key__=tok%20en');
    expect(restarts).toHaveLength(1);
    expect(page.location.assign).not.toHaveBeenCalled();
    expect(page.dataLayer).toContainEqual({ event: 'session_expired', site: 'cl', in_checkout: true });
  });

  it('in checkout with the session restored (signed in again elsewhere), restarts nothing', async () => {
    at('/checkout/flujo-compra');
    const restarts = events(UI_EVENTS.sessionRestart);
    fetchMock.mockResolvedValueOnce(failure('required_login', 401)).mockResolvedValueOnce(envelope({ profile: { securityStatus: 4 } }));
    await request({ url: '/restpp/order/create' });
    expect(restarts).toEqual([]);
    expect(page.location.assign).not.toHaveBeenCalled();
  });

  it('on needLogout, logs out and posts the login form with the market’s fields', async () => {
    fetchMock
      .mockResolvedValueOnce(
        envelope({ changed: true, response: { systemMessage: [], isRedirect: true, needLogout: true, redirectRUL: '/personas/mientel/mi-perfil' } }),
      )
      .mockResolvedValueOnce(new Response(null, { status: 303 }))
      .mockResolvedValueOnce(envelope({ f__key__: 'fresh' }));
    const success = vi.fn();
    await request({
      url: '/restpp/password/change/changePassword',
      method: 'POST',
      contentType: 'json',
      data: {},
      relogin: { username: '12.345.678-5', password: '8024', phone: '912345678' },
      success,
    });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/restpp/password/change/changePassword?f__key__=tok%20en',
      '/oam/server/logout?f__key__=tok%20en',
      '/restpp/security/token',
    ]);
    expect(forms).toHaveLength(1);
    expect(forms[0]).toMatchObject({ method: 'post', action: '/oam/server/authentication?f__key__=fresh' });
    expect(forms[0].inputs.map((i) => [i.name, i.value])).toEqual([
      ['rutt', '12.345.678-5'],
      ['PIN', '8024'],
      ['Movil', '912345678'],
      ['successurl', '/personas/mientel/mi-perfil'],
    ]);
    expect(forms[0].submit).toHaveBeenCalledOnce();
    // the page is navigating away: nothing else should act on the answer
    expect(success).not.toHaveBeenCalled();
  });

  it('on needLogout in Peru, posts the phone, password, login space and auth source', async () => {
    const market = getMarket('pe');
    configureRequest({ market, t: marketTranslator(catalogueFor('pe'), market) });
    fetchMock
      .mockResolvedValueOnce(envelope({ response: { systemMessage: [], isRedirect: true, needLogout: true, redirectRUL: '/miandes/mi-cuenta' } }))
      .mockResolvedValueOnce(new Response(null, { status: 303 }))
      .mockResolvedValueOnce(envelope({ f__key__: 'fresh' }));
    await request({ url: '/x', method: 'POST', relogin: { username: '987654321', password: '123456', phone: '987654321' } });
    expect(forms[0].inputs.map((i) => [i.name, i.value])).toEqual([
      ['username', '987654321'],
      ['password', '123456'],
      ['loginSpace', 'personas'],
      ['authSource', 'web'],
      ['successurl', '/miandes/mi-cuenta'],
    ]);
  });

  it('on needLogout without credentials, logs out and opens the login page that comes back', async () => {
    const market = getMarket('pe');
    configureRequest({ market, t: marketTranslator(catalogueFor('pe'), market) });
    fetchMock
      .mockResolvedValueOnce(envelope({ response: { systemMessage: [], isRedirect: true, needLogout: true, redirectRUL: '/miandes/mi-cuenta' } }))
      .mockResolvedValueOnce(new Response(null, { status: 303 }));
    await request({ url: '/x', method: 'POST' });
    expect(fetchMock.mock.calls[1][0]).toBe('/oam/server/logout?f__key__=tok%20en');
    expect(forms).toEqual([]);
    expect(page.location.assign).toHaveBeenCalledWith('/inicio-sesion?successurl=%2Fmiandes%2Fmi-cuenta');
  });
});

describe('errorItems', () => {
  it('lists each system message, its detail, or the generic message when there is none', () => {
    const items: ErrorItem[] = errorItems({ success: false, response: { systemMessage: [{ exceptionKey: 'k', messages: ['corto', 'más'] }] } });
    expect(items).toEqual([{ key: 'k', message: 'corto', detail: 'más' }]);
    expect(errorItems(null)).toEqual([{ key: 'pp.error.generic', message: 'Tuvimos un problema. Inténtalo nuevamente en unos minutos.' }]);
    expect(errorItems(null, 'Otro')).toEqual([{ key: 'pp.error.generic', message: 'Otro' }]);
  });

  it('carries the extension and the other button (SPEC §3 error fields); a button never leads off the site', () => {
    const message = { exceptionKey: 'k', messages: ['corto'], extendExceptionMessage: 'y además', defaultExceptionDetail: 'detalle' };
    const own = errorItems({ success: false, response: { systemMessage: [{ ...message, otherButton: { label: 'Ir', url: '/personas/recuperar-clave' } }] } });
    expect(own).toEqual([
      { key: 'k', message: 'corto', detail: 'detalle', extend: 'y además', otherButton: { label: 'Ir', url: '/personas/recuperar-clave' } },
    ]);
    for (const url of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)']) {
      const foreign = errorItems({ success: false, response: { systemMessage: [{ ...message, otherButton: { label: 'Ir', url } }] } });
      expect(foreign[0]).not.toHaveProperty('otherButton');
    }
  });
});
