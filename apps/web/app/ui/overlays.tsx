import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { constants } from '@andes/domain/market';
import { UI_EVENTS, takeNextPageAlert, type AlertDetail, type ErrorItem } from '../lib/ui-events.ts';
import { busyState, releaseAllBusy, subscribeBusy, type BusyState } from '../lib/busy.ts';
import { useFeature, useT } from '../lib/root-data.ts';

function useWindowEvent<T>(name: string, handler: (detail: T) => void) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = (e: Event) => latest.current((e as CustomEvent<T>).detail);
    window.addEventListener(name, listener);
    return () => window.removeEventListener(name, listener);
  }, [name]);
}

const IDLE: BusyState = { show: false };

/**
 * Full-page loading overlay, shown while some work holds the busy state (lib/busy.ts). It belongs to
 * the page it was shown on: the page's change ends every hold, so the next page never starts under it.
 */
export function LoadingOverlay() {
  const t = useT();
  const state = useSyncExternalStore(subscribeBusy, busyState, () => IDLE);
  const { key } = useLocation();
  // a layout effect: it runs before the new page's own effects, which may start holds of their own
  useLayoutEffect(() => releaseAllBusy(), [key]);
  useEffect(() => {
    // back or forward to a page kept in the back-forward cache: whatever it waited for left with it
    const restored = (e: PageTransitionEvent) => e.persisted && releaseAllBusy();
    // a handler that failed never reached the end of its own wait
    const failed = () => releaseAllBusy();
    window.addEventListener('pageshow', restored);
    window.addEventListener('unhandledrejection', failed);
    window.addEventListener('error', failed);
    return () => {
      window.removeEventListener('pageshow', restored);
      window.removeEventListener('unhandledrejection', failed);
      window.removeEventListener('error', failed);
    };
  }, []);
  if (!state.show) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p>{state.message ?? t('shell.loading')}</p>
    </div>
  );
}

/**
 * Transient confirmations and errors: they close by themselves after the alert timeout (6000 ms,
 * SPEC §9) or with their button. A page shows the one the previous page kept for it (sign-out).
 */
export function Alerts() {
  const t = useT();
  const [alerts, setAlerts] = useState<Array<AlertDetail & { id: number }>>([]);
  const show = (detail: AlertDetail) => {
    const id = Date.now() + Math.random();
    setAlerts((a) => [...a, { ...detail, id }]);
    window.setTimeout(() => setAlerts((a) => a.filter((x) => x.id !== id)), constants.alertTimeoutMs);
  };
  useWindowEvent<AlertDetail>(UI_EVENTS.alert, show);
  useEffect(() => {
    const kept = takeNextPageAlert();
    if (kept) show(kept);
  }, []);
  return (
    <div className="alerts" aria-live="polite">
      {alerts.map((a) => (
        <div key={a.id} className={`alert alert-${a.kind}`} role={a.kind === 'error' ? 'alert' : 'status'}>
          <span>{a.message}</span>
          <button type="button" className="link" onClick={() => setAlerts((x) => x.filter((y) => y.id !== a.id))}>
            {t('shell.close')}
          </button>
        </div>
      ))}
    </div>
  );
}

/**
 * Error items show a short message and its extension (SPEC §3 `extendExceptionMessage`); 'Ver detalle'
 * reveals the detail when there is one, and `otherButton` offers its way out.
 */
export function ErrorList({ items }: { items: ErrorItem[] }) {
  const t = useT();
  const [open, setOpen] = useState<Record<number, boolean>>({});
  return (
    <ul className="error-list">
      {items.map((item, i) => (
        <li key={`${item.key}-${i}`}>
          <span>{item.message}</span>
          {item.extend && <span className="error-extend"> {item.extend}</span>}
          {item.detail && (
            <>
              {' '}
              <button
                type="button"
                className="link"
                aria-expanded={!!open[i]}
                aria-controls={`error-detail-${i}`}
                onClick={() => setOpen((o) => ({ ...o, [i]: !o[i] }))}
              >
                {open[i] ? t('shell.hideDetail') : t('shell.seeDetail')}
              </button>
              {open[i] && (
                <p className="error-detail" id={`error-detail-${i}`}>
                  {item.detail}
                </p>
              )}
            </>
          )}
          {item.otherButton && (
            <p>
              <a className="button button-ghost" href={item.otherButton.url}>
                {item.otherButton.label}
              </a>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: keyboard focus stays inside while it is open (Tab and Shift+Tab wrap), Escape
 * closes it when it can be closed, and focus goes back to where it was when it closes.
 */
export function Modal({ title, children, onClose }: { title: string; children: React.ReactNode; onClose?: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  // read while rendering: an autoFocus child takes the focus before any effect could see the opener
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  const close = useRef(onClose);
  close.current = onClose;
  // a layout effect: the keys are caught in the same task as the autoFocus, so a Tab pressed at once
  // cannot leave the dialog before a passive effect would have run
  useLayoutEffect(() => {
    const dialog = box.current;
    if (!dialog) return;
    if (!dialog.contains(document.activeElement)) dialog.focus();
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && close.current) close.current();
      if (e.key !== 'Tab') return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const at = items.indexOf(document.activeElement as HTMLElement);
      const wrapTo = e.shiftKey ? (at <= 0 ? items[items.length - 1] : null) : at === -1 || at === items.length - 1 ? items[0] : null;
      if (items.length === 0 || wrapTo) {
        e.preventDefault();
        (wrapTo ?? dialog).focus();
      }
    };
    window.addEventListener('keydown', key);
    return () => {
      window.removeEventListener('keydown', key);
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);
  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="modal-title" tabIndex={-1} ref={box}>
        <h2 id="modal-title">{title}</h2>
        {children}
      </div>
    </div>
  );
}

/** The error popup of SPEC §8, fed by the request helper. */
export function ErrorPopup() {
  const [items, setItems] = useState<ErrorItem[] | null>(null);
  useWindowEvent<ErrorItem[]>(UI_EVENTS.error, setItems);
  if (!items) return null;
  return <ErrorDialog items={items} onClose={() => setItems(null)} />;
}

/**
 * The error popup's dialog, for a page that renders its own from what it loaded (the cart's stored
 * order-creation failure, SPEC §8). `closeHref` makes its button a link there, so it closes without
 * JavaScript too.
 */
export function ErrorDialog({ items, onClose, closeHref }: { items: ErrorItem[]; onClose: () => void; closeHref?: string }) {
  const t = useT();
  const callback = useFeature('clickToCall');
  return (
    <Modal title={t('shell.error.title')} onClose={onClose}>
      <ErrorList items={items} />
      {callback && items.some((i) => i.clickToCall) && (
        <p>
          {/* SPEC §3 enableClicktoCall: the call page opens "Te llamamos" at once (decision 026) */}
          <a
            className="button button-ghost"
            href={`/personas/agenda-llamada?llamar=checkout&contexto=${encodeURIComponent(items.find((i) => i.clickToCall)!.key)}`}
          >
            {t('shell.callback')}
          </a>
        </p>
      )}
      {closeHref ? (
        <a
          className="button"
          href={closeHref}
          autoFocus
          onClick={(e) => {
            e.preventDefault();
            onClose();
          }}
        >
          {t('shell.close')}
        </a>
      ) : (
        <button type="button" className="button" autoFocus onClick={onClose}>
          {t('shell.close')}
        </button>
      )}
    </Modal>
  );
}

/** SPEC §8: a session lost during checkout below level 4 restarts the payment from the cart. */
export function SessionRestartModal() {
  const t = useT();
  const [show, setShow] = useState(false);
  useWindowEvent<unknown>(UI_EVENTS.sessionRestart, () => setShow(true));
  if (!show) return null;
  return (
    <Modal title={t('session.expired.title')}>
      <p>{t('session.checkoutRestart')}</p>
      <a className="button" href="/carrito-compra" autoFocus>
        {t('session.backToCart')}
      </a>
    </Modal>
  );
}
