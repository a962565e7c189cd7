import { checkoutFieldTypes } from '@andes/domain/checkout-validation';
import type { Market } from '@andes/domain/market';
import type { FieldSpec } from '../../lib/form.ts';

/** The checkout's steps (SPEC §4 "Cart to payment"), for the pages and their actions. */
export const CHECKOUT_PATHS = {
  cart: '/carrito-compra',
  delivery: '/personas/flujo-compra/datos-despacho',
  feasibility: '/personas/flujo-compra/factibilidad',
  payment: '/personas/flujo-compra/detalle-pago',
} as const;

/** The checkout forms' fields, cleaned and cut as the page cleans them while typing (SPEC §5). */
export function checkoutFieldSpecs(market: Market) {
  const types = checkoutFieldTypes(market);
  return {
    guest: {
      name: { type: types.name, maxLength: 80 },
      document: { type: types.document, maxLength: market.document.length },
      email: { type: types.email, maxLength: 120 },
      phoneNumber: { type: types.phoneNumber, maxLength: market.phoneLength },
    },
    address: {
      streetName: { type: types.streetName, maxLength: 80 },
      addressNumber: { type: types.addressNumber, maxLength: 10 },
      detailsAddressNumber: { type: types.detailsAddressNumber, maxLength: 60 },
    },
    consignee: {
      name: { type: types.name, maxLength: 80 },
      rut: { type: types.rut, maxLength: market.document.length },
      phoneNumber: { type: types.phoneNumber, maxLength: market.phoneLength },
    },
  } satisfies Record<string, Record<string, FieldSpec>>;
}
