/**
 * Rules of the prepaid-to-plan migration (`/personas/migra-a-plan`) and of the line pages around it
 * (`/personas/tus-lineas`, `/personas/consulta-titularidad-linea`, `/personas/oferta-perfilada`).
 */
import { z } from 'zod';
import type { Market, SiteId } from './market.ts';
import type { AnalyticsEvent } from './analytics.ts';
import { roundForEvent } from './money.ts';
import { fields } from './validation.ts';
import { firstMonthPrice, planBaseId, type PlanPriceTerms } from './plans.ts';

/** Plan groups a prepaid line can move to: Libres and Controlado ({product}Blue comes with a phone). */
export const MIGRATION_PLAN_GROUPS = ['postpaidPlans', 'hybridPlans'] as const;

export interface OfferPlan {
  id: string;
  customerGroup: string;
  showInActivationFlow: boolean;
  price: number;
}

/** Whether a plan is offered to a prepaid line that migrates. */
export function isMigrationPlan(plan: Pick<OfferPlan, 'customerGroup' | 'showInActivationFlow'>): boolean {
  return plan.showInActivationFlow && (MIGRATION_PLAN_GROUPS as readonly string[]).includes(plan.customerGroup);
}

/**
 * Why a line cannot migrate, as a message key, or null when it can: only an active prepaid line
 * moves to a plan (a line with a plan changes plan in the account area instead).
 */
export function migrationBlocker(line: { kind: string; status: string }): string | null {
  if (line.kind !== 'prepaid') return 'migration.error.notPrepaid';
  if (line.status !== 'active') return 'migration.error.lineInactive';
  return null;
}

/**
 * What the customer pays to migrate, in minor units: the new plan's first month (its promotional price
 * when it has one), up front, because a prepaid line has no bill yet to charge it to; that month is one
 * of the promotion's (linePromotion with one month paid). The SIM stays the same, so nothing else is due.
 */
export function migrationCharge(plan: PlanPriceTerms): number {
  return firstMonthPrice(plan);
}

/** Months of the plan a migration pays up front (see migrationCharge). */
export const MIGRATION_MONTHS_PAID = 1;

/**
 * States of one migration attempt: pending until the gateway's return arrives, committing while the
 * gateway is asked to commit, then once to a final state (the repo settles only pending or
 * committing rows); the line changes only on the move to approved. A payment approved for a line that
 * another attempt already migrated is given back (refunded).
 */
export const MIGRATION_STATES = ['pending', 'committing', 'approved', 'rejected', 'aborted', 'refunded'] as const;
export type MigrationState = (typeof MIGRATION_STATES)[number];
/** The states an attempt ends in. */
export type SettledMigrationState = Exclude<MigrationState, 'pending' | 'committing'>;

/** The gateway outcome as a final state: approved only when authorized for this exact order and amount. */
export function migrationOutcome(
  commit: { status: string; responseCode: number; amount: number; buyOrder: string },
  expected: { amount: number; buyOrder: string },
): 'approved' | 'rejected' | 'aborted' {
  if (commit.status === 'ABORTED') return 'aborted';
  const approved = commit.status === 'AUTHORIZED' && commit.responseCode === 0 && commit.amount === expected.amount && commit.buyOrder === expected.buyOrder;
  return approved ? 'approved' : 'rejected';
}

/**
 * The offer profiled for one line: a prepaid line sees the plans it can migrate to; a line with a
 * plan sees the activation-flow plans that cost more than its own (more allowance), other versions
 * of its current plan left out. Cheapest first.
 */
export function profiledPlans<P extends OfferPlan>(current: { id: string; price: number } | null, plans: readonly P[]): P[] {
  const offered = current
    ? plans.filter((p) => p.showInActivationFlow && p.price > current.price && planBaseId(p.id) !== planBaseId(current.id))
    : plans.filter(isMigrationPlan);
  return [...offered].sort((a, b) => a.price - b.price);
}

const idempotencyKey = z.string().regex(/^[\w-]{8,64}$/, 'migration.error.idempotency');

export const migrationInputs = {
  start: z.object({
    planId: z.string('migration.error.plan').trim().min(1, 'migration.error.plan').max(60, 'migration.error.plan'),
    idempotencyKey,
  }),
  /** Line ownership check: the market's document and a mobile number. */
  ownership: (market: Market) => z.object({ document: fields.document(market), phoneNumber: fields.phone() }),
  /** Its answer: the code texted to the line (`tokenId` from the check) and the document asked about. */
  ownershipCode: (market: Market) => z.object({ tokenId: z.string().min(1, 'validation.required'), code: fields.code(), document: fields.document(market) }),
};

/** Analytics of the migration and line pages (docs/analytics.md), in the checkout-step contract. */
export const migrationEvents = {
  /** Step 0 on the plan choice, 4 on the payment summary (SPEC §2 step numbers). */
  step(site: SiteId, step: 0 | 4, planId: string | null): AnalyticsEvent {
    return { event: 'checkout_step', site, checkout_step: step, flow: 'migration', plan_id: planId };
  },
  purchase(site: SiteId, currency: 'CLP' | 'PEN', order: { buyOrder: string; planId: string; amount: number }): AnalyticsEvent {
    const value = roundForEvent(order.amount, currency);
    return {
      event: 'purchase',
      site,
      flow: 'migration',
      transaction_id: order.buyOrder,
      currency,
      value,
      items: [{ item_id: order.planId, price: value, quantity: 1 }],
    };
  },
  failure(site: SiteId, buyOrder: string | null, result: string): AnalyticsEvent {
    return { event: 'payment_failure', site, flow: 'migration', transaction_id: buyOrder, error_key: `migration.${result}` };
  },
  ownershipCheck(site: SiteId, holder: boolean): AnalyticsEvent {
    return { event: 'line_ownership_check', site, holder };
  },
};
