import { roundForEvent } from '@andes/domain/money';
import { firstMonthPrice, planTerms } from '@andes/domain/plans';
import type { ActiveSimType, PlanEventItem } from '@andes/domain/plans-sale';
import type { ApiBody } from '@andes/contract/envelope';
import { request } from '../../lib/request.ts';
import type { BillingContact, Plan } from './types.ts';

/** A plan as the analytics events carry it (monthly price in rounded major units). */
export function planEventItem(plan: Plan, currency: 'CLP' | 'PEN'): PlanEventItem {
  return { id: plan.id, name: plan.planName, group: plan.customerGroup, price: roundForEvent(firstMonthPrice(planTerms(plan)), currency) };
}

/** "Select plan": keeps the chosen plan (and whether the number is ported) for the journey it is chosen in. */
export function choosePlan(id: string, isPortability = false, activeSimType?: ActiveSimType): Promise<ApiBody | null> {
  return request({
    url: '/restpp/order/select/plan',
    method: 'POST',
    contentType: 'json',
    data: { id, isPortability, ...(activeSimType ? { activeSimType } : {}) },
  });
}

/**
 * Puts the plan in the cart as its one plan line with the billing contact: a plan chosen earlier
 * gives way first (one plan per cart, SPEC §8 plansOverCountError).
 */
export async function addPlanLine(plan: Plan, isPortability: boolean, contact: BillingContact): Promise<ApiBody | null> {
  const cart = await request({ url: '/restpp/order/shoppingCart', failurePopup: 'false' });
  const items = ((cart?.shoppingCart as { items?: Array<{ id: string; type: string }> } | undefined)?.items ?? []).filter((i) => i.type === 'plan');
  for (const old of items) {
    const removed = await request({ url: `/restpp/order/${encodeURIComponent(old.id)}`, method: 'DELETE' });
    if (!removed?.success) return removed;
  }
  return request({
    url: '/restpp/order/add',
    method: 'POST',
    contentType: 'json',
    data: { items: [{ type: 'plan', id: plan.id, quantity: 1, isPortability, ...contact }] },
  });
}
