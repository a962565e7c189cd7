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
