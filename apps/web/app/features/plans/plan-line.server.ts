import { redirect } from 'react-router';
import { billingDeliveryNext, pathAfterBilling, plansPaths } from '@andes/domain/plans-sale';
import type { WebContext } from '@andes/contract/caller';
import { apiRefusal, refused, type FormFields } from '../../lib/form-action.ts';
import type { BillingContact } from './types.ts';

/**
 * "Tus datos" posted without JavaScript: the line kind is kept with the chosen plan and a guest's
 * details are saved and looked up, as the page does with JavaScript; a known document goes to the
 * choice of signing in.
 */
export async function identifyForPlan(context: WebContext, fields: FormFields, page: { planId: string; signedIn: boolean }) {
  const isPortability = fields.lineKind === 'portability';
  const chosen = await context.api('/restpp/order/select/plan', {
    method: 'POST',
    body: { id: page.planId, isPortability, activeSimType: page.signedIn ? 'additionalLine' : 'newLine' },
  });
  if (!chosen.body.success) return apiRefusal(fields, chosen);
  if (page.signedIn) return redirect(plansPaths.billing);
  const guest = { name: fields.name ?? '', document: fields.document ?? '', email: fields.email ?? '', phoneNumber: fields.phoneNumber ?? '' };
  const saved = await context.api('/restpp/order/customer/info', { method: 'PUT', body: guest });
  if (!saved.body.success) return apiRefusal(fields, saved);
  const known = await context.api<'POST /restpp/order/v3/customer/active'>('/restpp/order/v3/customer/active', {
    method: 'POST',
    body: { document: guest.document },
  });
  if (!known.body.success) return apiRefusal(fields, known);
  return redirect(known.body.customerActive === true ? plansPaths.keepIdentification : plansPaths.billing);
}

/** The bill's channels ticked on "Recibir boleta", with the value typed for each. */
export function billingContactOf(fields: FormFields): BillingContact {
  return {
    ...(fields.byMobile ? { billing_msisdn: (fields.billing_msisdn ?? '').trim() } : {}),
    ...(fields.byEmail ? { billing_email: (fields.billing_email ?? '').trim() } : {}),
  };
}

/**
 * "Recibir boleta" posted without JavaScript: the plan goes into the cart as its one plan line (a
 * plan chosen earlier gives way, SPEC §8 plansOverCountError), then the journey goes on as with JavaScript.
 */
export async function addPlanToCart(context: WebContext, fields: FormFields, page: { planId: string; isPortability: boolean; signedIn: boolean }) {
  const contact = billingContactOf(fields);
  // the page's rule: at least one channel (each channel's value is the server's to check)
  if (!Object.keys(contact).length) return refused(fields, { key: 'plans.billing.channelRequired' }, 400);
  const cart = await context.api<'GET /restpp/order/shoppingCart'>('/restpp/order/shoppingCart');
  for (const old of (cart.body.shoppingCart?.items ?? []).filter((i) => i.type === 'plan')) {
    const removed = await context.api(`/restpp/order/${encodeURIComponent(old.id)}`, { method: 'DELETE' });
    if (!removed.body.success) return apiRefusal(fields, removed);
  }
  const item = { type: 'plan', id: page.planId, quantity: 1, isPortability: page.isPortability, ...contact };
  const added = await context.api('/restpp/order/add', { method: 'POST', body: { items: [item] } });
  if (!added.body.success) return apiRefusal(fields, added);
  return redirect(pathAfterBilling(billingDeliveryNext(context.market, page.signedIn), page.isPortability));
}
