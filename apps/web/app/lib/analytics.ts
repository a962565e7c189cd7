import type { AnalyticsEvent } from '@andes/domain/analytics';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Hands an event built by @andes/domain/analytics to the tag manager. */
export function track(event: AnalyticsEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(event);
}
