import type { z } from 'zod';
import type { gatewayReturnQuery } from '@andes/contract/inputs/payments';
import type { PaymentOutcome } from './port.ts';

export type GatewayReturnQuery = z.infer<typeof gatewayReturnQuery>;

/** What a return names: the transaction's token, or (a timeout) only the buy order. */
export type GatewayReturn = { token: string } | { buyOrder: string } | null;

export function readGatewayReturn(query: GatewayReturnQuery): GatewayReturn {
  const token = query.token_ws || query.TBK_TOKEN;
  if (token) return { token };
  return query.TBK_ORDEN_COMPRA ? { buyOrder: query.TBK_ORDEN_COMPRA } : null;
}

/**
 * The attempt a return may act on, or undefined (the caller answers as for an unknown payment and
 * changes nothing). A token is a secret the gateway handed only to the buyer's browser, so it names
 * its attempt whoever brings it. A buy order is no secret (an order's are numbered in sequence): alone
 * it counts only when the return comes from the session that started the attempt.
 */
export async function attemptOfReturn<A>(
  named: GatewayReturn,
  find: { byToken(token: string): Promise<A | undefined>; byBuyOrder(buyOrder: string): Promise<A | undefined> },
  startedByCaller: (attempt: A) => Promise<boolean>,
): Promise<A | undefined> {
  if (!named) return undefined;
  if ('token' in named) return find.byToken(named.token);
  const attempt = await find.byBuyOrder(named.buyOrder);
  return attempt && (await startedByCaller(attempt)) ? attempt : undefined;
}

/** How a payment is recorded on the line's payments: the gateway's debit or credit card, or Peru's cash code. */
export function paidMethod(commit: Pick<PaymentOutcome, 'paymentType'>): string {
  if (commit.paymentType === 'CIP') return 'cashCode';
  return commit.paymentType === 'VD' ? 'debit' : 'webpay';
}
