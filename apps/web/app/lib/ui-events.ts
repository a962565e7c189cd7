/**
 * Page-wide UI signals as DOM events, so any code (including the request helper, which is not a
 * component) can show an alert or the error popup. The loading overlay has its own state (busy.ts).
 */
export interface AlertDetail {
  kind: 'success' | 'info' | 'error';
  message: string;
}
export interface ErrorItem {
  key: string;
  message: string;
  detail?: string;
  /** SPEC §3 `extendExceptionMessage`: shown under the message, always in view. */
  extend?: string;
  /** SPEC §3 `otherButton`: a second way out, a link. */
  otherButton?: { label: string; url: string };
  /** The error fields carry `enableClicktoCall` (SPEC §3): the popup offers "Te llamamos". */
  clickToCall?: boolean;
}

export const UI_EVENTS = { alert: 'app:alert', error: 'app:error', sessionRestart: 'app:session-restart' } as const;

/** An alert kept for the next page this tab loads, for an action that ends by reloading (sign-out). */
const NEXT_PAGE_ALERT = 'app:next-page-alert';

function emit<T>(name: string, detail: T) {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(name, { detail }));
}

export const ui = {
  alert: (kind: AlertDetail['kind'], message: string) => emit<AlertDetail>(UI_EVENTS.alert, { kind, message }),
  alertOnNextPage: (kind: AlertDetail['kind'], message: string) => sessionStorage.setItem(NEXT_PAGE_ALERT, JSON.stringify({ kind, message })),
  errors: (items: ErrorItem[]) => emit<ErrorItem[]>(UI_EVENTS.error, items),
  sessionRestart: () => emit(UI_EVENTS.sessionRestart, {}),
};

/** The alert the previous page kept for this one ({@link ui.alertOnNextPage}), once. */
export function takeNextPageAlert(): AlertDetail | null {
  const kept = sessionStorage.getItem(NEXT_PAGE_ALERT);
  sessionStorage.removeItem(NEXT_PAGE_ALERT);
  return kept ? (JSON.parse(kept) as AlertDetail) : null;
}
