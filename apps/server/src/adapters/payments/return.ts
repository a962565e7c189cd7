import { z } from 'zod';

/**
 * The gateway's return to the shop (DOMAIN.md "Payments"), shared by every payment that goes through
 * the hosted page (orders, top-ups and bills, the move to a plan): `token_ws` once the customer paid
 * or the card was refused; `TBK_TOKEN` with `TBK_ORDEN_COMPRA` and `TBK_ID_SESION` when the customer
 * cancelled; only `TBK_ORDEN_COMPRA` and `TBK_ID_SESION` when the page timed out. The browser brings it,
 * so anyone can send one.
 */
export const gatewayReturnQuery = z.object({
  token_ws: z.string().max(200).optional(),
  TBK_TOKEN: z.string().max(200).optional(),
  TBK_ORDEN_COMPRA: z.string().max(40).optional(),
  TBK_ID_SESION: z.string().max(80).optional(),
});
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
