/**
 * The welcome carousel and its view-count cookie (SPEC §4 "Welcome carousel cookie logic", §9 cookie
 * expiry).
 */
import { constants } from './market.ts';

/**
 * Whether to show the welcome carousel on this page view.
 *
 * SPEC §4: "-1 means show only if always-display is set; 0 or a count above the threshold means do not
 * show; otherwise show once (or always if configured)". Read as, in order:
 *
 * 1. `threshold === -1`: the count is switched off; show exactly when `alwaysDisplay` is set.
 * 2. `threshold === 0` (or any other value that is not a positive number): the carousel is off.
 * 3. `viewCount > threshold`: the visitor has used up the allowed views; do not show, even with
 *    `alwaysDisplay` — the threshold is the cap that `alwaysDisplay` runs up against.
 * 4. Otherwise: show "once", i.e. when there is no cookie yet (`viewCount === null`, a first visit);
 *    with `alwaysDisplay` show on every view until the count passes the threshold.
 *
 * The caller writes {@link nextWelcomeCookie} after each view it shows.
 */
export function shouldShowWelcome(opts: { threshold: number; alwaysDisplay: boolean; viewCount: number | null }): boolean {
  const { threshold, alwaysDisplay, viewCount } = opts;
  if (threshold === -1) return alwaysDisplay;
  if (!Number.isFinite(threshold) || threshold <= 0) return false;
  if (viewCount !== null && viewCount > threshold) return false;
  return viewCount === null || alwaysDisplay;
}

/**
 * The cookie to write after a view: the count plus one (no cookie counts as 0, as does a corrupt
 * negative or non-numeric count), kept for one year.
 */
export function nextWelcomeCookie(viewCount: number | null): { value: string; maxAgeMs: number } {
  const seen = viewCount !== null && Number.isFinite(viewCount) && viewCount > 0 ? Math.floor(viewCount) : 0;
  return { value: String(seen + 1), maxAgeMs: constants.cookieExpiryMs };
}
