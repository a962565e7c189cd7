import { z } from 'zod';
import type { Market } from '@andes/domain/market';
import { checkoutRuleSets } from '@andes/domain/checkout-validation';
import { ruleSets } from '@andes/domain/validation';
import { accountInputs, personalDataInput } from '@andes/domain/account-inputs';
import { shippingBody } from './cart.ts';

/**
 * Request bodies the routes check in parts (a service applies each rule set in turn): described here
 * as the whole the client sends.
 */

/** A signed-in customer sends their contact details; a guest names the buyer. */
export const buyerBody = (market: Market) => z.union([personalDataInput, checkoutRuleSets.guest(market)]);

/** The shipping choice with, for home delivery, the consignee. */
export const shippingMethodBody = (market: Market) => z.intersection(shippingBody, z.object({ consignee: checkoutRuleSets.consignee(market).optional() }));
export const storePickupBody = z.object({ storeId: z.string().max(80) });
export const homeDeliveryBody = (market: Market) =>
  z.object({ addressId: z.coerce.number().int().positive(), consignee: checkoutRuleSets.consignee(market).optional() });
export const newAddressDeliveryBody = (market: Market) => checkoutRuleSets.address(market).extend({ consignee: checkoutRuleSets.consignee(market) });

/** With the current password (signed in, option change) or with a verified code's tokenId. */
export const changePasswordBody = (market: Market) =>
  z.union([ruleSets.passwordChangeLoggedIn(market).and(z.object({ successurl: z.string().optional() })), ruleSets.passwordChangeWithToken(market)]);

/** The ticket's fields and an optional image of the problem (base64). */
export const ticketBody = accountInputs.ticket.extend({ attachment: z.object({ type: z.string(), data: z.string() }).optional() });
