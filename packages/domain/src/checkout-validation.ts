/**
 * Checkout rule sets (SPEC §4 "Cart to payment", §5): guest identification, delivery address,
 * consignee and shipping method. Shared by the checkout forms and the server routes; messages are
 * message-store keys.
 */
import { z } from 'zod';
import type { Market } from './market.ts';
import { fields } from './validation.ts';
import type { FieldType } from './clean.ts';

const required = (key = 'validation.required') => z.string().trim().min(1, key);
const optionalText = (max: number) => z.string().trim().max(max, 'checkout.validation.tooLong').optional().default('');
/** Street and department fields after cleaning: letters, digits, spaces and address punctuation. */
const ADDRESS_TEXT = /^[A-Za-zÀ-ÖØ-öø-ÿ0-9 #\-.,°º/]*$/;
const NAME_TEXT = /^[A-Za-zÀ-ÖØ-öø-ÿ '-]+$/;

const fullName = () =>
  required()
    .max(80, 'checkout.validation.tooLong')
    .regex(NAME_TEXT, 'checkout.validation.name')
    .refine((v) => v.trim().split(/\s+/).length >= 2, 'checkout.validation.fullName');

export const checkoutRuleSets = {
  /** Continue as guest: name, RUT/DNI, e-mail and phone. */
  guest: (market: Market) =>
    z.object({
      name: fullName(),
      document: fields.document(market),
      email: fields.email(),
      phoneNumber: fields.phone(),
    }),
  /** Delivery address: region + commune (Chile) or department + province + district (Peru). */
  address: (market: Market) =>
    z.object({
      region: required('checkout.validation.region'),
      province: market.geography.level2 ? required('checkout.validation.province') : z.string().optional().default(''),
      commune: required('checkout.validation.commune'),
      streetName: required().max(80, 'checkout.validation.tooLong').regex(ADDRESS_TEXT, 'checkout.validation.street'),
      addressNumber: required()
        .max(10, 'checkout.validation.tooLong')
        .regex(/^[0-9A-Za-z\-/]+$/, 'checkout.validation.number'),
      detailsAddressNumber: optionalText(60).pipe(z.string().regex(ADDRESS_TEXT, 'checkout.validation.street')),
    }),
  /** Who receives the order. */
  consignee: (market: Market) =>
    z.object({
      name: fullName(),
      rut: fields.document(market),
      phoneNumber: fields.phone(),
    }),
  geoAddress: () =>
    z.object({
      region: required('checkout.validation.region'),
      province: z.string().optional().default(''),
      commune: required('checkout.validation.commune'),
    }),
} as const;

/** Cleaning as typed for the checkout fields (SPEC §5). */
export const checkoutFieldTypes = (market: Market): Record<string, FieldType> => ({
  name: 'fullname',
  document: market.document.kind === 'rut' ? 'rut' : 'numeric',
  rut: market.document.kind === 'rut' ? 'rut' : 'numeric',
  email: 'email',
  phoneNumber: 'numeric',
  streetName: 'street',
  addressNumber: 'department',
  detailsAddressNumber: 'department',
});

export const SHIPPING_METHODS = ['delivery', 'storePickup'] as const;
export const PAYMENT_METHODS = ['webPay'] as const;
