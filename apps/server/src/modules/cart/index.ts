/** The cart and order capability's public face (docs/decisions/015). */
export { currentCart, requireCurrentCart, cartView } from './cart.service.ts';
export { findOwnOrder, openOrderOf } from './order.service.ts';
export { CASH_CODE_NOTIFY_PATH, ORDER_PAYMENT_HANDLERS, handleCashCodePaid, type PaymentHandler } from './payment-handlers.service.ts';
export { insuredPhoneLines, linesOfOrder, pointsLinesOf, unlinkedInsuredPhones } from './order.repo.ts';
export { orderAccepted } from './confirmation.service.ts';
export { paysOnHandOver } from './fulfilment.service.ts';
export { installmentOffer } from './card-installments.service.ts';
export type { CartRow, CartLineRow } from './cart.repo.ts';
export { cartLinesOf, planInfo, skuInfo } from './cart.repo.ts';
export type { OrderRow } from './order.repo.ts';
export * as ordersRepo from './order.repo.ts';
export { guestBuyer, identifyGuest } from './buyer.service.ts';
