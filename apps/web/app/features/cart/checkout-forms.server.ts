import { data, redirect } from 'react-router';
import type { Answer, WebContext } from '@andes/contract/caller';
import { checkoutRuleSets } from '@andes/domain/checkout-validation';
import { ErrorKeys } from '@andes/domain/error-keys';
import { deliveryCalls } from '@andes/domain/delivery-calls';
import { PHONE_PURCHASE_PATHS } from '@andes/domain/phone-purchase';
import { validate, type FieldErrors } from '@andes/domain/validation';
import { apiRefusal, refused, type FormFields, type FormRefusal } from '../../lib/form-action.ts';
import { cleanField, type FieldSpec } from '../../lib/form.ts';
import { CHECKOUT_PATHS, checkoutFieldSpecs } from './checkout-fields.ts';

type Area = Answer<'GET /restpp/order/geo/regions'>['regions'][number];
type Market = WebContext['market'];

function cleaned<N extends string>(specs: Record<N, FieldSpec>, fields: FormFields, market: Market, prefix = ''): Record<N, string> {
  return Object.fromEntries((Object.keys(specs) as N[]).map((name) => [name, cleanField(specs[name], fields[`${prefix}${name}`] ?? '', market)])) as Record<
    N,
    string
  >;
}

/**
 * The guest's identification posted without JavaScript: the same cleaning and rule set as the page,
 * the same call; a phone purchase goes on to its insurance offer, any other cart makes its order as
 * the page does (a failure is kept by the server for the cart to show once, SPEC §8).
 */
export async function identifyGuest(context: WebContext, fields: FormFields, phonePurchase: boolean) {
  const guest = cleaned(checkoutFieldSpecs(context.market).guest, fields, context.market);
  const shown = { ...fields, ...guest };
  const checked = validate(checkoutRuleSets.guest(context.market), guest);
  if (!checked.ok) return refused(shown, { key: ErrorKeys.validation }, 400, checked.errors);
  const saved = await context.api<'PUT /restpp/order/customer/info'>('/restpp/order/customer/info', { method: 'PUT', body: guest });
  if (!saved.body.success) return apiRefusal(shown, saved);
  if (phonePurchase) return redirect(PHONE_PURCHASE_PATHS.insurance);
  const created = await context.api<'GET /restpp/order/create'>('/restpp/order/create');
  if (!created.body.success) return redirect(created.body.response?.redirectRUL ?? CHECKOUT_PATHS.cart);
  return redirect(CHECKOUT_PATHS.delivery);
}

/** The lists under a chosen region (and province): what the address pickers offer for it. */
export interface AreaLists {
  provinces: Area[];
  communes: Area[];
}

async function areasOf(context: WebContext, parent: string): Promise<Area[]> {
  if (!parent) return [];
  const answer = await context.api<'GET /restpp/order/geo/areas'>(`/restpp/order/geo/areas?parent=${encodeURIComponent(parent)}`);
  return answer.body.success ? answer.body.areas : [];
}

/**
 * The lists the address pickers offer for a region (and province) chosen, with the choices that
 * belong to them: a province or commune of another region gives way.
 */
export async function areaLists(context: WebContext, fields: FormFields): Promise<AreaLists & { region: string; province: string; commune: string }> {
  const region = fields.region ?? '';
  const hasProvince = context.market.geography.level2 !== null;
  const provinces = hasProvince ? await areasOf(context, region) : [];
  const province = provinces.some((p) => p.code === fields.province) ? (fields.province ?? '') : '';
  const communes = await areasOf(context, hasProvince ? province : region);
  const commune = communes.some((c) => c.code === fields.commune) ? (fields.commune ?? '') : '';
  return { region, province, commune, provinces, communes };
}

/** The delivery form as posted without JavaScript, shown again with the lists its choices need. */
export type DeliveryPosted = Partial<FormRefusal> & { fields: FormFields } & AreaLists;

/** "Ver comunas" of the address pickers without JavaScript: the page again with the region's lists, everything typed kept. */
export async function chooseArea(context: WebContext, fields: FormFields) {
  const { provinces, communes, ...chosen } = await areaLists(context, fields);
  return data<DeliveryPosted>({ fields: { ...fields, ...chosen }, provinces, communes });
}

/**
 * Home delivery posted without JavaScript: the address and the consignee checked by the page's rule
 * sets, then the same calls as the page (the market's own, SPEC §7), on to the coverage check or payment.
 */
export async function deliverHome(context: WebContext, fields: FormFields, needsCoverage: boolean) {
  const market = context.market;
  const specs = checkoutFieldSpecs(market);
  const { provinces, communes, ...area } = await areaLists(context, fields);
  const address = { ...area, ...cleaned(specs.address, fields, market) };
  const consignee = cleaned(specs.consignee, fields, market, 'consignee.');
  const shown: FormFields = {
    ...fields,
    ...address,
    ...Object.fromEntries(Object.entries(consignee).map(([k, v]) => [`consignee.${k}`, v])),
  };
  const lists = { provinces, communes };
  const refuse = (errors: FieldErrors, status = 400, message?: string) =>
    data<DeliveryPosted>({ error: { key: ErrorKeys.validation, ...(message ? { message } : {}) }, fields: shown, fieldErrors: errors, ...lists }, { status });
  const addressCheck = validate(checkoutRuleSets.address(market), address);
  const consigneeCheck = validate(checkoutRuleSets.consignee(market), consignee);
  const errors: FieldErrors = {
    ...(addressCheck.ok ? {} : addressCheck.errors),
    ...Object.fromEntries(Object.entries(consigneeCheck.ok ? {} : consigneeCheck.errors).map(([k, v]) => [`consignee.${k}`, v])),
  };
  if (Object.keys(errors).length) return refuse(errors);
  const calls = deliveryCalls(market);
  const saved = await context.api<'POST /restpp/order/delivery/address'>(calls.saveAddress, { method: 'POST', body: address });
  if (!saved.body.success) return refuse(saved.body.validationError ?? {}, saved.status, saved.body.response?.systemMessage?.[0]?.messages[0]);
  const chosen = await context.api<'POST /restpp/order/shipping/method'>(calls.homeDelivery, {
    method: 'POST',
    body: { deliveryType: 'delivery', addressId: saved.body.address.id, consignee },
  });
  if (!chosen.body.success) {
    const prefixed = Object.fromEntries(Object.entries(chosen.body.validationError ?? {}).map(([k, v]) => [`consignee.${k}`, v]));
    return refuse(prefixed, chosen.status, chosen.body.response?.systemMessage?.[0]?.messages[0]);
  }
  return redirect(needsCoverage ? CHECKOUT_PATHS.feasibility : CHECKOUT_PATHS.payment);
}
