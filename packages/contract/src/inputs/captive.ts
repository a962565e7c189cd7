import { z } from 'zod';
import { idempotencyKey } from '@andes/domain/account-inputs';
import { bagOffers } from '../answers/account.ts';
import { money } from '../answers/models.ts';
import { migrationStatus, paymentRedirect } from '../answers/journeys.ts';

/** How the captive portal charges a roaming bag (no sign-in: never points; the card returns to the captive host, decision 023). */
export const CAPTIVE_BAG_PAYMENTS = ['balance', 'bill', 'card'] as const;

/** `POST /restpp/captive/roaming/bag`: the line is the one the network names (x-msisdn), never one sent in. */
export const captiveBagBody = z.object({
  offerId: z.string().min(1, 'account.error.bag.offer'),
  payment: z.enum(CAPTIVE_BAG_PAYMENTS, { error: 'account.error.bag.payment' }),
  idempotencyKey,
});

export const captiveBagParams = z.object({ bagId: z.coerce.number().int().positive() });

const offer = bagOffers.shape.offers.element;

/** The roaming bags on sale, one per zone, each with how the network's line may pay it. */
export const captiveOffersAnswer = z.object({
  line: z.object({ phoneNumber: z.string(), kind: z.string() }),
  offers: z.array(offer.extend({ payments: z.array(z.enum(CAPTIVE_BAG_PAYMENTS)) })),
});

/** The bag bought from the balance or the bill (a replay of the key answers the first purchase). */
export const captiveBagBought = z.object({
  replayed: z.boolean(),
  bagId: z.number().int(),
  offerId: z.string(),
  name: z.string(),
  mode: z.string(),
  payment: z.string(),
  balance: money,
  points: z.number().int(),
  expiresAt: z.string(),
});

/** `POST /restpp/captive/roaming/bag`: the bag bought, or by card the payment opened at the gateway (where to go: `redirectRUL`). */
export const captiveBagPurchase = z.union([captiveBagBought, paymentRedirect]);

/** One bag of the network's line: what was bought and until when. */
export const captiveBagAnswer = z.object({ id: z.number().int(), name: z.string(), expiresAt: z.string(), phoneNumber: z.string() });

/** `GET /restpp/captive/activation/:buyOrder`: one move to a plan of the network's line, and the line. */
export const captiveActivationParams = z.object({ buyOrder: z.string().max(40) });
export const captiveActivationStatus = migrationStatus.extend({ phoneNumber: z.string() });

/** `GET /restpp/captive/roaming/card/:buyOrder`: a bag the network's line paid by card: what, what was charged, until when. */
export const captiveCardBagParams = z.object({ buyOrder: z.string().max(40) });
export const captiveCardBagAnswer = z.object({
  buyOrder: z.string(),
  state: z.string(),
  offerId: z.string(),
  name: z.string(),
  amount: money,
  expiresAt: z.string().nullable(),
  phoneNumber: z.string(),
});

/** `POST /restpp/captive/line/activate`: the line the page showed (it must still be the network's) and the confirmation's key. */
export const captiveActivateBody = z.object({
  phoneNumber: z.string().regex(/^9\d{8}$/, 'captive.error.notYourLine'),
  idempotencyKey,
});

/** `GET /restpp/captive/line`: the network's line, and whether its holder may activate it now (a postpaid line waiting for it). */
export const captiveLineAnswer = z.object({
  phoneNumber: z.string(),
  kind: z.string(),
  status: z.string(),
  planName: z.string().nullable(),
  pending: z.boolean(),
  activatedAt: z.string().nullable(),
});

/** The line activated (a replay of the key answers the first activation). */
export const captiveLineActivated = z.object({ replayed: z.boolean(), phoneNumber: z.string(), activatedAt: z.string() });
