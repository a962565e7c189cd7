import type { FastifyInstance } from 'fastify';
import type { Db } from '@andes/db/client';
import { buyerDocument } from '../modules/identity/index.ts';
import { listingOf, listingRefusal } from '../modules/screening/index.ts';
import type { CartLineRow, CartRow } from '../modules/cart/index.ts';

/** The signed-in customer's answer from the list (the validate call). */
export async function signedInBuyerListing(app: FastifyInstance, customerId: number) {
  const document = await buyerDocument(app, app.db, null, customerId);
  return document ? listingOf(app, document) : { listed: false as const };
}

/**
 * The order-creation guard: a cart with a plan line adds a line, and financing (a Blue plan with its
 * phone) always carries one, so only those carts ask the list; a phone or accessory bought outright
 * does not. The buyer is the signed-in customer or the guest the cart was identified with.
 */
export async function assertBuyerNotListed(app: FastifyInstance, tx: Db, cart: CartRow, customerId: number | null, lines: CartLineRow[]) {
  if (!lines.some((l) => l.type === 'plan')) return;
  const document = await buyerDocument(app, tx, cart, customerId);
  if (!document) return;
  const refused = listingRefusal(await listingOf(app, document));
  if (refused) throw refused;
}
