import { z } from 'zod';
import { money } from '../answers/models.ts';

/**
 * Request and response shapes of the plan change (mi-plan/cambio-plan) and the installments paid
 * ahead (equipo/quotas-pagar) routes (docs/api-account.md, docs/decisions/027); messages are
 * message-store keys.
 */
const idempotencyKey = z.string('account.error.idempotency').regex(/^[\w-]{8,64}$/, 'account.error.idempotency');
const minorUnits = (key: string) => z.number(key).int(key).min(0, key).max(100_000_000, key);

export const planChangeBody = z.object({
  planId: z.string('account.planChange.error.plan').trim().min(1, 'account.planChange.error.plan').max(80, 'account.planChange.error.plan'),
  /** The monthly price the page showed (minor units): a plan whose price changed meanwhile is refused. */
  price: minorUnits('account.planChange.error.price'),
  idempotencyKey,
});

const changeKind = z.enum(['upgrade', 'downgrade']);

const planChange = z.object({
  id: z.number().int(),
  kind: changeKind,
  state: z.enum(['scheduled', 'applied', 'cancelled']),
  fromPlan: z.object({ id: z.string(), name: z.string() }),
  toPlan: z.object({ id: z.string(), name: z.string() }),
  fromPrice: money,
  toPrice: money,
  effectiveOn: z.string(),
  periodEndsOn: z.string(),
  createdAt: z.string(),
  /** The bill that charged both plans by days, with its two parts. */
  bill: z.object({ id: z.number().int(), fromAmount: money, toAmount: money }).nullable(),
});

const daysPart = z.object({ days: z.number().int(), amount: money });

export const planChangeOverviewResponse = z.object({
  phoneNumber: z.string(),
  kind: z.string(),
  status: z.string(),
  today: z.string(),
  /** The bill day that ends the running period (a downgrade takes effect then). */
  periodEndsOn: z.string(),
  /** Why the line cannot change plan here now (a message key), or null. */
  refusal: z.string().nullable(),
  /** For a prepaid line: where it moves to a plan. */
  migrationPath: z.string().nullable(),
  current: z.object({ id: z.string(), name: z.string(), price: money, monthly: money }).nullable(),
  plans: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      customerGroup: z.string(),
      data: z.string().nullable(),
      voice: z.string().nullable(),
      sms: z.string().nullable(),
      price: money,
      kind: changeKind,
      effectiveOn: z.string(),
      /** For an upgrade: the next bill's plan charge, each plan for its days. */
      nextBill: z.object({ issuesOn: z.string(), from: daysPart, to: daysPart, periodDays: z.number().int(), amount: money }).nullable(),
    }),
  ),
  pending: planChange.nullable(),
  thisPeriod: planChange.nullable(),
  history: z.array(planChange),
});

export const planChangeResponse = planChangeOverviewResponse.extend({
  /** The change made (or, for a repeated key, the one made first). */
  change: z.object({ id: z.number().int(), kind: changeKind, state: z.enum(['scheduled', 'applied', 'cancelled']), effectiveOn: z.string() }),
  replayed: z.boolean(),
});

export const installmentPaymentBody = z.object({
  equipmentId: z.number('account.installments.error.count').int('account.installments.error.count').positive('account.installments.error.count'),
  /** The first installment paid (the next one unpaid, as the page showed it). */
  from: z
    .number('account.installments.error.stale')
    .int('account.installments.error.stale')
    .min(1, 'account.installments.error.stale')
    .max(120, 'account.installments.error.stale'),
  count: z
    .number('account.installments.error.count')
    .int('account.installments.error.count')
    .min(1, 'account.installments.error.count')
    .max(120, 'account.installments.error.count'),
  /** The total the page showed (minor units): what the card is charged. */
  amount: minorUnits('account.installments.error.amount'),
  idempotencyKey,
});

export const installmentsResponse = z.object({
  phoneNumber: z.string(),
  today: z.string(),
  equipment: z.array(
    z.object({
      id: z.number().int(),
      brand: z.string(),
      model: z.string(),
      installments: z.number().int(),
      installmentAmount: money,
      billed: z.number().int(),
      paid: z.number().int(),
      left: z.number().int(),
      prepaidThrough: z.number().int(),
      amountLeft: money,
      nextPayable: z.number().int().nullable(),
      outstanding: z.array(z.object({ number: z.number().int(), dueOn: z.string(), amount: money })),
    }),
  ),
  payments: z.array(
    z.object({
      buyOrder: z.string(),
      equipmentId: z.number().int(),
      from: z.number().int(),
      count: z.number().int(),
      amount: money,
      cardLast4: z.string().nullable(),
      paidAt: z.string().nullable(),
    }),
  ),
});
