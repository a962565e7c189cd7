import { constants } from '@andes/domain/market-constants';
import { CONSENT_COOKIE, CONSENT_DENIED, CONSENT_GRANTED, toDataLayer, type AnalyticsEvent, type JourneyType } from '@andes/domain/analytics';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

let journeyType: JourneyType = 'solicitud';

/** The shell says whether the visitor is signed in (SPEC §4 journey type); sign-in reloads the page. */
export function configureAnalytics(options: { journeyType: JourneyType }): void {
  journeyType = options.journeyType;
}

/**
 * Hands an event built by @andes/domain/analytics to the tag manager in GA4's shape; an e-commerce event
 * is preceded by `{ecommerce: null}`, as GA4 asks, so that it does not inherit the previous one's items.
 */
export function track(event: AnalyticsEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer ?? [];
  const shaped = toDataLayer(event, journeyType);
  if ('ecommerce' in shaped) window.dataLayer.push({ ecommerce: null });
  window.dataLayer.push(shaped);
}

/**
 * The head's first script (root.tsx): consent mode's defaults, denied, unless this browser accepted
 * before; then, when a container is configured (GTM_ID), the tag manager itself. Consent commands go in
 * as `arguments`, the way gtag.js queues them.
 */
export function tagManagerScript(gtmId: string | null): string {
  const lines = [
    'window.dataLayer=window.dataLayer||[];',
    'function gtag(){window.dataLayer.push(arguments);}',
    `gtag('consent','default',${JSON.stringify({ ...CONSENT_DENIED, wait_for_update: 500 })});`,
    `if(document.cookie.split('; ').indexOf(${JSON.stringify(`${CONSENT_COOKIE}=granted`)})>=0)gtag('consent','update',${JSON.stringify(CONSENT_GRANTED)});`,
  ];
  if (gtmId) {
    lines.push(
      "window.dataLayer.push({'gtm.start':new Date().getTime(),event:'gtm.js'});",
      `(function(){var s=document.createElement('script');s.async=true;s.src='https://www.googletagmanager.com/gtm.js?id='+${JSON.stringify(encodeURIComponent(gtmId))};var n=document.currentScript&&document.currentScript.nonce;if(n)s.nonce=n;document.head.appendChild(s);})();`,
    );
  }
  return lines.join('\n');
}

/** The visitor's answer to the consent banner: kept a year, and told to the tag manager at once. */
export function answerConsent(granted: boolean): void {
  const maxAge = constants.cookieExpiryMs / 1000;
  document.cookie = `${CONSENT_COOKIE}=${granted ? 'granted' : 'denied'}; max-age=${maxAge}; path=/; samesite=lax`;
  window.dataLayer = window.dataLayer ?? [];
  // gtag's queue reads `arguments` objects; a plain array would be taken for a data push
  (function gtag(..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  })('consent', 'update', granted ? CONSENT_GRANTED : CONSENT_DENIED);
}

export function consentAnswered(): boolean {
  return document.cookie.split('; ').some((c) => c.startsWith(`${CONSENT_COOKIE}=`));
}
