import { events } from '@andes/domain/analytics';
import type { SiteId } from '@andes/domain/market';
import { track } from '../../lib/analytics.ts';
import { withToken, type ApiBody } from '../../lib/request.ts';
import type { ErrorItem } from '../../lib/ui-events.ts';

/**
 * POSTs a JSON list body (SPEC §7 `POST /restpp/order/add` takes a list of lines, which the request
 * helper's object-shaped `data` cannot carry) with the page token, and reads the envelope. Failures
 * are reported to analytics like the request helper does; the caller shows them.
 */
export async function postLines(site: SiteId, url: string, lines: ReadonlyArray<Record<string, unknown>>): Promise<ApiBody | null> {
  try {
    const res = await fetch(withToken(url), {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json;charset=UTF-8' },
      body: JSON.stringify(lines),
      credentials: 'same-origin',
    });
    const body = (await res.json().catch(() => null)) as ApiBody | null;
    if (!body?.success) {
      const keys = body?.response?.systemMessage?.map((m) => m.exceptionKey) ?? [];
      for (const key of keys.length ? keys : ['pp.error.generic']) track(events.failure(site, key, 'add_to_cart'));
    }
    return body;
  } catch {
    track(events.failure(site, 'pp.error.network', 'add_to_cart'));
    return null;
  }
}

/** The add-to-cart error modal's list: the server's messages, or the generic one when it sent none. */
export function errorItems(body: ApiBody | null, fallback: string): ErrorItem[] {
  const list = body?.response?.systemMessage ?? [];
  if (!list.length) return [{ key: 'pp.error.generic', message: fallback }];
  return list.map((m) => ({ key: m.exceptionKey, message: m.messages[0] ?? m.exceptionKey, detail: m.messages.slice(1).join(' ') || undefined }));
}
