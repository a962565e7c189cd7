import type { ApiBody } from '@andes/contract/envelope';
import { errorItems as helperErrorItems, request } from '../../lib/request.ts';
import type { ErrorItem } from '../../lib/ui-events.ts';

/**
 * POSTs a list of cart lines (SPEC §7 `POST /restpp/order/add` takes a list) through the request
 * helper, which adds the page token, applies the session rules and reports failures to analytics
 * as `add_to_cart`; the caller shows the errors in its own modal, so no popup.
 */
export async function postLines(url: string, lines: ReadonlyArray<Record<string, unknown>>): Promise<ApiBody | null> {
  return request({ url, method: 'POST', contentType: 'json', data: lines, failurePopup: 'false', failureContext: 'add_to_cart' });
}

/** The add-to-cart error modal's list: the server's messages, or the generic one when it sent none. */
export function errorItems(body: ApiBody | null, fallback: string): ErrorItem[] {
  return helperErrorItems(body, fallback);
}
