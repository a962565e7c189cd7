/**
 * Where a page may send the browser back to after signing in or out (`successurl`): only a path of
 * our own site. An open redirect would let a phishing link borrow our address.
 */

/** Any origin works: what matters is that resolving the path keeps it. `.invalid` never resolves. */
const OWN_ORIGIN = 'https://shop.invalid';

/**
 * C0 controls and DEL (the URL parser drops tabs and line feeds anywhere, so `/\t/evil.example` reads as
 * `//evil.example`) and backslashes (browsers read `\` as `/` in http addresses).
 */
const unsafeChar = (c: string) => c <= '\u001f' || c === '\u007f' || c === '\\';

/**
 * `value` when it is a path that stays on our own site, else null. The WHATWG URL parser (the one
 * browsers use) decides: the path is resolved against a fixed origin and must keep it, and its
 * resolved path must not start with `//` (read again as an address, that would name another host).
 * The value is answered as given, never normalised.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || [...value].some(unsafeChar)) return null;
  let resolved: URL;
  try {
    resolved = new URL(value, OWN_ORIGIN);
  } catch {
    return null;
  }
  return resolved.origin === OWN_ORIGIN && !resolved.pathname.startsWith('//') ? value : null;
}
