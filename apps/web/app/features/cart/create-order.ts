import { cartEvents } from '@andes/domain/analytics-shop';
import { roundForEvent } from '@andes/domain/money';
import type { Market } from '@andes/domain/market';
import type { ApiBody } from '@andes/contract/envelope';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import type { OrderView } from './types.ts';

/**
 * `GET /restpp/order/create` through the request helper (page token added), its answer reported to
 * analytics (SPEC §7). A failure shows no popup: the caller keeps it on the page, and the server keeps
 * it for the cart to show once (SPEC §8) unless `origin` is the cart itself.
 */
export async function createOrder(market: Pick<Market, 'site' | 'currency'>, origin?: 'cart'): Promise<ApiBody | null> {
  const body = await request({ url: `/restpp/order/create${origin ? `?origin=${origin}` : ''}`, failurePopup: 'false' });
  const order = body?.success ? (body.order as OrderView | undefined) : undefined;
  if (order)
    track(
      cartEvents.orderCreated(market.site, { transactionId: order.number, currency: market.currency, value: roundForEvent(order.totalPrice, market.currency) }),
    );
  return body;
}
