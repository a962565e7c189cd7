/**
 * Where a page may send the browser back to after signing in or out (`successurl`): only a path of
 * our own site. An open redirect would let a phishing link borrow our address.
 */

/** Any origin works: what matters is that resolving the path keeps it. `.invalid` never resolves. */
const OWN_ORIGIN = 'https://shop.invalid';

/**
 * What a path we hand back may hold as sent: printable ASCII only (browsers percent-encode the rest, and
 * a header such as Location cannot carry it), no backslash (browsers read `\` as `/` in http addresses).
 */
const SENT = /^[\x21-\x5b\x5d-\x7e]+$/;

/**
 * What it may hold once decoded: no C0 control, DEL or whitespace (the URL parser drops tabs and line
 * feeds anywhere, so `/\t/evil.example` reads as `//evil.example`) and no backslash.
 */
const unsafeDecoded = (text: string) => /[\\\s]/u.test(text) || [...text].some((c) => c <= '\u001f' || c === '\u007f');

/** Enough for any honest path (encoded once, at most twice by a redirect chain); more is refused. */
const MAX_DECODINGS = 4;

/** Whether `path`, read as an address, is one of our own paths. */
function staysHome(path: string): boolean {
  if (!path.startsWith('/') || unsafeDecoded(path)) return false;
  let resolved: URL;
  try {
    resolved = new URL(path, OWN_ORIGIN);
  } catch {
    return false;
  }
  // a resolved path starting `//`, read again as an address, would name another host
  return resolved.origin === OWN_ORIGIN && !resolved.pathname.startsWith('//');
}

/**
 * Every reading of `value` a browser, a proxy or our own code may make by percent-decoding it once
 * more, down to the fully decoded text; null when one is not valid percent-encoding or the chain
 * does not end.
 */
function decodings(value: string): string[] | null {
  const readings = [value];
  for (let i = 0; i < MAX_DECODINGS; i++) {
    const last = readings[readings.length - 1];
    let next: string;
    try {
      next = decodeURIComponent(last);
    } catch {
      return null;
    }
    if (next === last) return readings;
    readings.push(next);
  }
  return null;
}

/**
 * `value` when it is a path that stays on our own site, else null. The WHATWG URL parser (the one
 * browsers use) decides, on the value as sent and on each percent-decoded reading of it down to the
 * fully decoded one: each must resolve against a fixed origin to that origin, with a path that does
 * not start with `//`. So `/%2F/evil.example`, `/%5Cevil.example`, `/%09/evil.example` and
 * `/%252F/evil.example` are refused. The value is answered as given, never normalised.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !SENT.test(value)) return null;
  const readings = decodings(value);
  return readings && readings.every(staysHome) ? value : null;
}
