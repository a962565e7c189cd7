import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartEvents } from '@andes/domain/analytics-shop';
import { events } from '@andes/domain/analytics';
import { answerConsent, configureAnalytics, tagManagerScript, track } from './analytics.ts';

let layer: unknown[];
let cookie: string;
let appended: Array<{ src: string; nonce?: string }>;

beforeEach(() => {
  layer = [];
  cookie = '';
  appended = [];
  vi.stubGlobal('window', { dataLayer: layer });
  vi.stubGlobal('document', {
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      cookie = value.split(';')[0]!;
    },
    currentScript: { nonce: 'n0nce' },
    createElement: () => ({}) as { src: string },
    head: { appendChild: (el: { src: string; nonce?: string }) => appended.push(el) },
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The consent commands in the dataLayer, as gtag queues them (`arguments` objects). */
const consentCommands = () =>
  layer.filter((e) => typeof e === 'object' && e !== null && (e as { 0?: unknown })[0] === 'consent').map((e) => Array.from(e as ArrayLike<unknown>));

function runHeadScript(gtmId: string | null) {
  new Function(tagManagerScript(gtmId))();
}

describe('consent mode and the tag manager', () => {
  it('starts denied, and loads no tag manager without a container id', () => {
    runHeadScript(null);
    expect(consentCommands()).toEqual([
      ['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied', wait_for_update: 500 }],
    ]);
    expect(appended).toEqual([]);
  });

  it('loads the configured container with the page nonce', () => {
    runHeadScript('GTM-ABC123');
    expect(appended).toEqual([expect.objectContaining({ src: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123', nonce: 'n0nce' })]);
    expect(layer).toContainEqual(expect.objectContaining({ event: 'gtm.js' }));
  });

  it('grants on acceptance, and a later page starts granted from the cookie', () => {
    runHeadScript('GTM-ABC123');
    answerConsent(true);
    expect(consentCommands().at(-1)).toEqual([
      'consent',
      'update',
      { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' },
    ]);
    expect(cookie).toBe('andes_consent=granted');
    layer.length = 0;
    runHeadScript('GTM-ABC123');
    expect(consentCommands().map((c) => c[1])).toEqual(['default', 'update']);
  });

  it('a refusal keeps it denied on later pages', () => {
    answerConsent(false);
    layer.length = 0;
    runHeadScript('GTM-ABC123');
    expect(consentCommands().map((c) => c[1])).toEqual(['default']);
  });
});

describe('track', () => {
  it('clears the previous e-commerce object, then pushes the event in GA4 shape with the journey type', () => {
    configureAnalytics({ journeyType: 'transaccion' });
    track(cartEvents.orderCreated('cl', { transactionId: 'CL-00000002', currency: 'CLP', value: 2990 }));
    track(events.logout('cl'));
    expect(layer).toEqual([
      { ecommerce: null },
      { event: 'order_create', site: 'cl', journey_type: 'transaccion', ecommerce: { transaction_id: 'CL-00000002', currency: 'CLP', value: 2990 } },
      { event: 'logout', site: 'cl' },
    ]);
  });
});
