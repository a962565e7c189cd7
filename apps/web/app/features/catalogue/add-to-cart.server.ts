import { redirect } from 'react-router';
import { CartErrorKeys } from '@andes/domain/cart-rules';
import { ErrorKeys } from '@andes/domain/error-keys';
import type { WebContext } from '@andes/contract/caller';
import { apiRefusal, countField, listField, refused, type FormFields } from '../../lib/form-action.ts';
import { CART_PATH } from '../../lib/request.ts';
import type { ProductSku } from './types.ts';

/** The sku of the colour and storage chosen (the page's radios); the shown sku when they name none. */
export function chosenSku(skus: ProductSku[], fields: FormFields): ProductSku | undefined {
  const { colour, storage, skuId } = fields;
  return skus.find((s) => s.color === colour && (s.storage ?? '') === (storage ?? '')) ?? skus.find((s) => s.id === skuId);
}

/**
 * 'Añadir al carro' ('Solo Equipo') posted without JavaScript: the sku of the colour and storage
 * chosen, at today's price (the one its page shows; a renewal at the renewal cash price), then the
 * insurances checked, and on to the cart. The radios change no price on a page without JavaScript, so
 * the price is read here rather than taken from the page.
 */
export async function addEquipment(context: WebContext, productId: string, fields: FormFields) {
  const product = await context.api<'GET /restpp/catalogue/product/:productId'>(`/restpp/catalogue/product/${encodeURIComponent(productId)}`);
  if (!product.body.success) return apiRefusal(fields, product);
  const sku = chosenSku(product.body.product.skus, fields);
  if (!sku) return refused(fields, { key: ErrorKeys.validation }, 400);
  const prices = await context.api<'GET /restpp/equipments/prices/:equipmentId'>(`/restpp/equipments/prices/${encodeURIComponent(product.body.product.poID)}`);
  const today = prices.body.success ? prices.body.prices.find((p) => p.skuId === sku.id) : undefined;
  const renewing = fields.renewal === 'true' && today?.renewalPrices != null;
  const renewalLine = renewing ? fields['renewal-line'] : undefined;
  const quantity = countField(fields, 'quantity', 1);
  if (quantity === null) return refused(fields, { key: CartErrorKeys.invalidQuantity }, 400);
  const line = {
    type: 'equipment',
    id: sku.id,
    quantity,
    price: renewing ? today!.priceContadoRN : (today?.listPrice ?? sku.listPrice),
    ...(renewing ? { renewal: true, ...(renewalLine ? { planPhoneNumber: renewalLine } : {}) } : {}),
  };
  const added = await context.api<'POST /restpp/order/add'>('/restpp/order/add', { method: 'POST', body: [line] });
  if (!added.body.success) return apiRefusal(fields, added);
  const insurances = listField(fields, 'insurance');
  const insured = renewalLine ?? fields.insurancePhone;
  if (insurances.length && insured) {
    const saved = await context.api<'POST /restpp/order/insurances'>('/restpp/order/insurances', {
      method: 'POST',
      headers: { atg_phoneNumber: insured },
      body: { insurances, skuId: sku.id },
    });
    // the phone is in the cart already: the refusal says the insurances were not added (as with JavaScript)
    if (!saved.body.success) return refused(fields, { key: 'product.addError.insurance' }, saved.status >= 400 ? saved.status : 400);
  }
  return redirect(CART_PATH);
}
