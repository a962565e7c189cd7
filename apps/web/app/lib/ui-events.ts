/**
 * Page-wide UI signals as DOM events, so any code (including the request helper, which is not a
 * component) can show the loading overlay, an alert or the error popup.
 */
export interface LoadingDetail {
  show: boolean;
  message?: string;
}
export interface AlertDetail {
  kind: 'success' | 'info' | 'error';
  message: string;
}
export interface ErrorItem {
  key: string;
  message: string;
  detail?: string;
}

export const UI_EVENTS = { loading: 'app:loading', alert: 'app:alert', error: 'app:error', sessionRestart: 'app:session-restart' } as const;

function emit<T>(name: string, detail: T) {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(name, { detail }));
}

export const ui = {
  loading: (show: boolean, message?: string) => emit<LoadingDetail>(UI_EVENTS.loading, { show, message }),
  alert: (kind: AlertDetail['kind'], message: string) => emit<AlertDetail>(UI_EVENTS.alert, { kind, message }),
  errors: (items: ErrorItem[]) => emit<ErrorItem[]>(UI_EVENTS.error, items),
  sessionRestart: () => emit(UI_EVENTS.sessionRestart, {}),
};
