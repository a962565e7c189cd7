/**
 * Rules of the plan sale journeys (SPEC §2 "Plan sales", §3 "Plan", §4 "Billing delivery", §5).
 */
import { z } from 'zod';
import type { BillingDeliveryNext, Market, SiteId } from './market.ts';
import { fields } from './validation.ts';
import { validatePhone } from './documents.ts';
import { planEventQuantity } from './plans.ts';
import type { AnalyticsEvent } from './analytics.ts';
import { RENEWAL_PATHS } from './renewal.ts';

/** The three customer groups of the plan selector, in the order the default tab is looked for. */
export const PLAN_GROUPS = ['postpaidPlans', 'hybridPlans', 'blue'] as const;
export type PlanGroup = (typeof PLAN_GROUPS)[number];

/** What the visitor is contracting the plan for (the `activeSimType` of `GET /restpp/subscriber/plans`). */
export const ACTIVE_SIM_TYPES = ['newLine', 'portability', 'additionalLine'] as const;
export type ActiveSimType = (typeof ACTIVE_SIM_TYPES)[number];

/** The version carried by a plan id's `_V<digits>` suffix (`PO_PLAN_LIBRE_40_V2` → 2); 1 when there is none. */
export function planVersion(id: string): number {
  const match = /_V(\d+)$/.exec(id);
  return match ? Number(match[1]) : 1;
}

/** The kind of line a plan of this group opens: Controlado plans are hybrid, the rest postpaid. */
export function lineKindOf(group: string): 'postpaid' | 'hybrid' {
  return group === 'hybridPlans' ? 'hybrid' : 'postpaid';
}

/**
 * What the SIM card of a new plan line costs up front, in minor units: the plan itself is charged
 * on the first bill (next month), the SIM and its delivery are paid at checkout.
 */
export const SIM_CARD_PRICE: Readonly<Record<'CLP' | 'PEN', number>> = { CLP: 2990, PEN: 1000 };

export const plansQuery = z.object({
  activeSimType: z.enum(ACTIVE_SIM_TYPES, 'validation.invalid').default('newLine'),
});

export const selectPlanBody = z.object({
  id: z.string('validation.required').trim().min(1, 'validation.required').max(80, 'validation.invalid'),
  isPortability: z.boolean('validation.invalid').optional().default(false),
  /** The journey the plan is chosen for; a portability choice is always `portability`. */
  activeSimType: z.enum(ACTIVE_SIM_TYPES, 'validation.invalid').optional(),
});

/** The journey a plan choice is for: bringing a number is portability whatever the page said. */
export function simTypeOfChoice(choice: { isPortability: boolean; activeSimType?: ActiveSimType }): ActiveSimType {
  return choice.isPortability ? 'portability' : (choice.activeSimType ?? 'newLine');
}

/** Whether a plan may be chosen in a journey: flagged for the activation flow and offered for that journey. */
export function planOffered(plan: { showInActivationFlow: boolean; activeSimTypes: ReadonlyArray<string> }, simType: ActiveSimType): boolean {
  return plan.showInActivationFlow && plan.activeSimTypes.includes(simType);
}

const EMAIL = z.email();
const given = (v: string | undefined): v is string => v !== undefined && v !== '';

/** A plan line's billing e-mail: empty means the channel was not ticked. */
export const billingEmailRule = z
  .string()
  .trim()
  .max(120, 'validation.email')
  .refine((v) => v === '' || EMAIL.safeParse(v).success, 'validation.email')
  .optional();

/** A plan line's billing mobile: 9 digits starting with 9; empty means the channel was not ticked. */
export const billingMsisdnRule = z
  .string()
  .trim()
  .refine((v) => v === '' || validatePhone(v), 'validation.phone')
  .optional();

/** The server's rule for a plan's billing contact: each given channel must pass, and one is required. */
export const billingContactRules = z
  .object({ billing_email: billingEmailRule, billing_msisdn: billingMsisdnRule })
  .refine((v) => given(v.billing_email) || given(v.billing_msisdn), { message: 'plans.billing.channelRequired', path: ['billing_email'] });

/** Where the billing-delivery step goes after the plan was added (SPEC §4 "Billing delivery"). */
export type { BillingDeliveryNext } from './market.ts';

/** Where a signed-in or an anonymous visitor goes after billing delivery, by the market's rule. */
export function billingDeliveryNext(market: Pick<Market, 'billingDelivery'>, signedIn: boolean): BillingDeliveryNext {
  return signedIn ? market.billingDelivery.signedIn : market.billingDelivery.anonymous;
}

export const PLANS_V2 = '/personas/planesV2';

/** The plans journey's pages (SPEC §2 "Plan sales"). */
export const plansPaths = {
  identification: `${PLANS_V2}/identificacionV2`,
  keepIdentification: `${PLANS_V2}/keep-identificacionV2`,
  billing: `${PLANS_V2}/recibir-boleta`,
  cart: `${PLANS_V2}/carrito-comparV2`,
  feasibility: `${PLANS_V2}/factibilidadV2`,
  alternative: `${PLANS_V2}/oferta-alternativa`,
  originCompany: `${PLANS_V2}/compania-origenV2`,
  delivery: `${PLANS_V2}/datos-despacho`,
  payment: `${PLANS_V2}/payment`,
  success: `${PLANS_V2}/success`,
} as const;

/** The page after billing delivery: portability first asks the company of origin. */
export function pathAfterBilling(next: BillingDeliveryNext, isPortability: boolean): string {
  if (isPortability) return plansPaths.originCompany;
  if (next === 'cart') return '/carrito-compra';
  return next === 'feasibility' ? plansPaths.feasibility : plansPaths.cart;
}

/** Where a plan request that could not be paid ends: the new-line request's failure, or the additional line's error page. */
export const PLAN_FAILURE_PAGES = {
  newLine: '/personas/planes/solicitud/fallo',
  additionalLine: '/personas/planes/lineasadicionales/error',
} as const;

/** A signed-in customer's additional line (LLAA) ends on its own request pages (SPEC §2 lineasadicionales). */
export const ADDITIONAL_LINE_SUCCESS = '/personas/planes/lineasadicionales/solicitud/exito';

/**
 * The gateway return of a plan-only order: approved to the plans success page (a signed-in
 * customer's additional line: lineasadicionales/solicitud/exito); refused or abandoned to the
 * request's failure page (solicitud/fallo, or lineasadicionales/error for an additional line),
 * carrying the error key and the order for a retry.
 */
export function planSaleReturnPath(approved: boolean, orderNumber: string, errorKey: string, signedIn: boolean): string {
  const order = encodeURIComponent(orderNumber);
  if (approved) return `${signedIn ? ADDITIONAL_LINE_SUCCESS : plansPaths.success}?order=${order}`;
  return `${signedIn ? PLAN_FAILURE_PAGES.additionalLine : PLAN_FAILURE_PAGES.newLine}?error=${encodeURIComponent(errorKey)}&order=${order}`;
}

/** An order made only of plan lines is a plan sale: its payment returns to the plans journey's pages. */
export function isPlanSale(lineTypes: ReadonlyArray<string>): boolean {
  return lineTypes.length > 0 && lineTypes.every((t) => t === 'plan');
}

export interface PlanEventItem {
  id: string;
  name: string;
  group: string;
  /** Monthly price in rounded major units (money.ts roundForEvent). */
  price: number;
}

const planItem = (p: PlanEventItem, index?: number) => ({
  item_id: p.id,
  item_name: p.name,
  item_category: p.group,
  price: p.price,
  quantity: planEventQuantity(p.id),
  ...(index !== undefined ? { index } : {}),
});

/** Plan landing and selector events (docs/analytics.md); `multi_` plans count as 2 (SPEC §3). */
export const planEvents = {
  viewPlans(site: SiteId, listId: string, plans: PlanEventItem[]): AnalyticsEvent {
    return { event: 'view_item_list', site, checkout_step: 0, item_list_id: listId, items: plans.map((p, i) => planItem(p, i)) };
  },
  selectPlan(site: SiteId, listId: string, plan: PlanEventItem): AnalyticsEvent {
    return { event: 'select_item', site, item_list_id: listId, items: [planItem(plan)] };
  },
  /** A click on the landing's plan detail button, contract button, or other-plans chevron. */
  landingClick(site: SiteId, target: 'detail' | 'contract' | 'otherPlans', planId: string | null): AnalyticsEvent {
    return { event: 'plan_landing_click', site, click_target: target, plan_id: planId };
  },
  addToCart(site: SiteId, currency: string, plan: PlanEventItem): AnalyticsEvent {
    const item = planItem(plan);
    return { event: 'add_to_cart', site, currency, value: item.price * item.quantity, items: [item] };
  },
};

/** "Check customer active v3": the document to look up. */
export const customerActiveBody = (market: Market) => z.object({ document: fields.document(market) });

/** The order whose opened lines the success page shows. */
export const activationQuery = z.object({ order: z.string('validation.required').trim().min(1, 'validation.required').max(40, 'validation.invalid') });

/**
 * The plans one carousel view shows: `perView` plans from `start`, the start pulled back so the last
 * view is full and never negative (a resize from 2 to 3 per view must not leave an empty slot).
 */
export function carouselWindow(count: number, perView: number, start: number): { start: number; end: number; canPrevious: boolean; canNext: boolean } {
  const first = Math.max(0, Math.min(start, count - perView));
  const end = Math.min(count, first + perView);
  return { start: first, end, canPrevious: first > 0, canNext: end < count };
}

/** The plan catalogue pages (SPEC §2): what each lists for and where its contract button leads. */
export type PlanCatalogueVariant = 'all' | 'newLine' | 'migration' | 'renewal';

export const PLAN_CATALOGUE_PAGES: Readonly<Record<string, { variant: PlanCatalogueVariant; activeSimType: ActiveSimType; contractPath: string }>> = {
  '/catalogo/postpago': { variant: 'all', activeSimType: 'newLine', contractPath: plansPaths.identification },
  '/personas/catalogo/postpago': { variant: 'all', activeSimType: 'newLine', contractPath: plansPaths.identification },
  '/personas/catalogo/postpago/linea-nueva': { variant: 'newLine', activeSimType: 'newLine', contractPath: plansPaths.identification },
  '/personas/catalogo/postpago/migra': { variant: 'migration', activeSimType: 'newLine', contractPath: '/personas/migra-a-plan/seleccionar-plan' },
  // renewing is for customers: the plans of a line on their account; the plan chosen travels with the
  // session to the renewal catalogue's phone (its plan step comes preselected)
  [RENEWAL_PATHS.plans]: { variant: 'renewal', activeSimType: 'additionalLine', contractPath: RENEWAL_PATHS.phones },
};
