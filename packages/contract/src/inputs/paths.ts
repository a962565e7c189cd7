import { z } from 'zod';

/**
 * Path parts and small queries the routes read without `parseInput`: the line guard checks a
 * `:phoneNumber` (http/guards.ts, a foreign line answers 403) and the services check ids (an unknown
 * one answers 404), so these describe the request for the document and the web app's types.
 */
const phoneNumber = z.string().regex(/^\d{9}$/);
const id = z.string().regex(/^\d{1,10}$/);

export const phoneParams = z.object({ phoneNumber });
export const billParams = z.object({ phoneNumber, billId: id });
export const paymentParams = z.object({ phoneNumber, paymentId: id });
export const bagParams = z.object({ phoneNumber, bagId: id });
export const requestParams = z.object({ phoneNumber, id });
export const ticketParams = z.object({ phoneNumber, ticketId: id });
export const buyOrderParams = z.object({ phoneNumber, buyOrder: z.string().max(40) });
export const ticketNumberParams = z.object({ number: z.string().regex(/^TK-[A-Z]{2}-\d{7}$/) });
export const notificationParams = z.object({ id });
export const mobileRequestParams = z.object({ number: z.string().max(40) });
export const cartLineParams = z.object({ productOfferingID: z.string().max(80) });
export const passwordOptionParams = z.object({ option: z.enum(['recovery', 'change', 'unique']) });
export const productImageParams = z.object({ skuId: z.string().max(120), n: z.string().regex(/^[1-3](\.svg)?$/) });
export const avatarParams = z.object({ name: z.string().max(40) });

/** Where the sign-out sends the browser (a path of this site; anything else goes home). */
export const logoutQuery = z.object({ successurl: z.string().optional(), end_url: z.string().optional() });
/** `origin=cart`: a failure is shown by the cart itself rather than kept for its next load. */
export const createOrderQuery = z.object({ origin: z.literal('cart').optional() });
/** Unknown modes list every bag. */
export const bagModeQuery = z.object({ mode: z.enum(['immediate', 'recurring', 'traveller']).optional() });
