/** The cart and order capability's public face (docs/decisions/015). */
export { currentCart, requireCurrentCart, cartView } from './cart-service.ts';
export { openOrderOf, settleAttempt, startPayment } from './order-service.ts';
export { linesOfOrder, pointsLinesOf } from './order-repo.ts';
export { submitFulfilment } from './fulfilment-service.ts';
export type { CartRow, CartLineRow } from './cart-repo.ts';
export type { OrderRow } from './order-repo.ts';
export * as ordersRepo from './order-repo.ts';
