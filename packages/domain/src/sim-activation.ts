import { z } from 'zod';
import type { Market, SiteId } from './market.ts';
import type { AnalyticsEvent } from './analytics.ts';
import { roundForEvent } from './money.ts';
import { ICCID_LENGTH, isValidIccid } from './iccid.ts';
import { fields } from './validation.ts';
import { portabilityRuleSets, SECURITY_CODE_LENGTH } from './portability.ts';
import { topupAmounts } from './account-balance.ts';

/**
 * SIM activation (SPEC §2 "Chip activation under /personas/activacion-chip/", docs/decisions/025): a
 * chip bought in a store becomes a line, with a new number or a ported one.
 */

/** The two journeys and the SPEC §4 journey kind each one is (spelt as the spec spells them). */
export const ACTIVATION_JOURNEYS = ['newNumber', 'port'] as const;
export type ActivationJourney = (typeof ACTIVATION_JOURNEYS)[number];
export const JOURNEY_KIND: Record<ActivationJourney, 'onlySimActivtion' | 'onlyProtability'> = {
  newNumber: 'onlySimActivtion',
  port: 'onlyProtability',
};

/** How long an unfinished activation holds its chip and its numbers; every step moves the end on. */
export const ACTIVATION_HOLD_MINUTES = 20;
export const activationHoldEnds = (now: Date) => new Date(now.getTime() + ACTIVATION_HOLD_MINUTES * 60_000);

/** While the customer is at the gateway the hold lasts longer (a card page may take its time). */
export const ACTIVATION_PAYING_MINUTES = 30;

/**
 * Months of the plan an activation pays up front (its `amount`, the first month): like a migration's,
 * the line's billing starts when that month ends and the month is one of the promotion's.
 */
export const ACTIVATION_MONTHS_PAID = 1;

/** The pages, per journey. */
export const ACTIVATION_BASE = '/personas/activacion-chip';
export const ACTIVATION_PAGES = {
  newNumber: {
    start: `${ACTIVATION_BASE}/numero-nuevo/datos-personales/feasibility`,
    plan: `${ACTIVATION_BASE}/numero-nuevo/activar-plan`,
    pay: `${ACTIVATION_BASE}/numero-nuevo/pagar-plan`,
    done: `${ACTIVATION_BASE}/numero-nuevo/activacion-exitosa`,
  },
  port: {
    start: `${ACTIVATION_BASE}/portar-plan/datos-personales`,
    data: `${ACTIVATION_BASE}/portar-plan/datos`,
    feasibility: `${ACTIVATION_BASE}/portar-plan/factibilidad`,
    originCompany: `${ACTIVATION_BASE}/portar-plan/compania-origen`,
    company: `${ACTIVATION_BASE}/portar-plan/compania`,
    images: `${ACTIVATION_BASE}/portar-plan/adjuntar-img`,
    code: `${ACTIVATION_BASE}/portar-plan/cod-seguridad`,
    plan: `${ACTIVATION_BASE}/portar-plan/activar-plan`,
    pay: `${ACTIVATION_BASE}/portar-plan/pagar-plan`,
    done: `${ACTIVATION_BASE}/portar-plan/activacion-exitosa`,
  },
} as const;

/**
 * Analytics steps, numbered like the checkout's (SPEC §2 table): 2 identification (the chip and the
 * holder), 2.1 identity validation, 3 the address and its feasibility, 5 the new line with its plan,
 * 4 payment, 6 the activation done.
 */
export const ACTIVATION_STEPS = {
  chip: '2',
  identity: '2.1',
  address: '3',
  number: '5',
  documents: '5',
  code: '5',
  plan: '5',
  payment: '4',
  done: '6',
} as const;

export const ActivationErrorKeys = {
  iccid: 'activation.error.iccid',
  unknown: 'activation.error.chip.unknown',
  active: 'activation.error.chip.active',
  otherMarket: 'activation.error.chip.otherMarket',
  lost: 'activation.error.chip.lost',
  busy: 'activation.error.chip.busy',
  none: 'activation.error.none',
  state: 'activation.error.state',
  holder: 'activation.error.holder',
  identity: 'activation.error.identity',
  street: 'activation.error.street',
  coverage: 'activation.error.coverage',
  number: 'activation.error.number',
  plan: 'activation.error.plan',
  payment: 'activation.error.payment',
  rejected: 'activation.error.rejected',
  documents: 'activation.error.documents',
  portRejected: 'activation.error.port.rejected',
  ourLine: 'activation.error.ourLine',
  topup: 'activation.error.topup',
  topupChip: 'activation.error.topup.chip',
} as const;

const required = (key = 'validation.required') => z.string().trim().min(1, key);

/** The ICCID as typed or pasted: spaces and dashes of the printed card ignored, then 20 digits with a right Luhn digit. */
export const iccidField = () =>
  z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().refine((v) => v.length === ICCID_LENGTH && isValidIccid(v), ActivationErrorKeys.iccid));

const NAME = /^[\p{L}][\p{L}' -]{1,79}$/u;
const STREET_NUMBER = /^[0-9A-Za-z][0-9A-Za-z -]{0,9}$/;

/** How the first month is paid: the gateway's card page in both markets; Peru also a cash code (CIP). */
export const ACTIVATION_PAYMENT_METHODS = ['webPay', 'cashCode'] as const;
export type ActivationPaymentMethod = (typeof ACTIVATION_PAYMENT_METHODS)[number];
export const activationPaymentMethods = (site: SiteId): ActivationPaymentMethod[] => (site === 'pe' ? ['webPay', 'cashCode'] : ['webPay']);

/** The request bodies of the activation's steps; messages are message-store keys. */
export const activationInputs = {
  chip: () => z.object({ iccid: iccidField(), journey: z.enum(ACTIVATION_JOURNEYS, 'activation.validation.journey') }),
  holder: (market: Market) =>
    z.object({
      document: fields.document(market),
      name: required().pipe(z.string().regex(NAME, 'activation.validation.name')),
      email: fields.email(),
      phoneNumber: fields.phone(),
    }),
  answers: () => z.object({ challengeId: required(), answers: z.record(z.string().max(40), z.string().max(40)) }),
  streets: () =>
    z.object({
      commune: z
        .string()
        .trim()
        .regex(/^\d{4,6}$/, 'activation.validation.commune'),
      q: z.string().trim().max(60, 'activation.validation.street').default(''),
    }),
  address: () =>
    z.object({
      region: z
        .string()
        .trim()
        .regex(/^\d{2}$/, 'activation.validation.region'),
      province: z
        .string()
        .trim()
        .regex(/^\d{3,4}$/, 'activation.validation.province')
        .optional(),
      commune: z
        .string()
        .trim()
        .regex(/^\d{4,6}$/, 'activation.validation.commune'),
      street: required('activation.validation.street').pipe(z.string().max(80, 'activation.validation.street')),
      number: z.string().trim().regex(STREET_NUMBER, 'activation.validation.number'),
      details: z.string().trim().max(60, 'activation.validation.details').optional(),
    }),
  pick: () =>
    z.object({
      number: z
        .string()
        .trim()
        .regex(/^9\d{8}$/, ActivationErrorKeys.number),
    }),
  plan: () => z.object({ planId: required(ActivationErrorKeys.plan).pipe(z.string().max(60, ActivationErrorKeys.plan)) }),
  /** A prepaid chip's initial top-up: the amount in minor units (the account's top-up amounts decide, on the server). */
  topup: () => z.object({ amount: z.coerce.number(ActivationErrorKeys.topup).int(ActivationErrorKeys.topup).positive(ActivationErrorKeys.topup) }),
  port: (market: Market) => portabilityRuleSets.customer(market).omit({ document: true }),
  code: () =>
    z.object({
      code: z
        .string()
        .trim()
        .regex(new RegExp(`^\\d{${SECURITY_CODE_LENGTH}}$`), 'validation.code'),
    }),
  document: () =>
    z.object({
      side: z.enum(DOCUMENT_SIDES, 'activation.validation.side'),
      image: z.object(
        { type: z.string('validation.required').max(40, 'validation.invalid'), data: z.string('validation.required').min(1, 'validation.required') },
        'validation.required',
      ),
    }),
  payment: () =>
    z.object({
      paymentMethod: z.enum(ACTIVATION_PAYMENT_METHODS, ActivationErrorKeys.payment),
      idempotencyKey: z.string().regex(/^[\w-]{8,64}$/, 'validation.required'),
    }),
} as const;

/** The holder's document photos a port needs: its front and its back. */
export const DOCUMENT_SIDES = ['front', 'back'] as const;
export type DocumentSide = (typeof DOCUMENT_SIDES)[number];

/** The state an activation is in, and which of them hold the chip. */
export type ActivationState = 'started' | 'paying' | 'active' | 'expired' | 'cancelled';
export const OPEN_ACTIVATION_STATES = ['started', 'paying'] as const;

export type ActivationMissing = 'holder' | 'identity' | 'address' | 'number' | 'documents' | 'code' | 'plan';

/**
 * What is still missing before the next step, in journey order (null: ready to pay). A port needs its
 * data to port, the holder's document photos, and the registry's acceptance (after the security code).
 */
export function activationMissing(
  a: {
    journey: ActivationJourney;
    document: string | null;
    identityPassed: boolean;
    covered: boolean | null;
    phoneNumber: string | null;
    planId: string | null;
    initialTopup?: number | null;
  },
  port: { accepted: boolean; documents: number } = { accepted: false, documents: 0 },
): ActivationMissing | null {
  if (!a.document) return 'holder';
  if (!a.identityPassed) return 'identity';
  if (a.covered !== true) return 'address';
  if (!a.phoneNumber) return 'number';
  if (a.journey === 'port' && port.documents < DOCUMENT_SIDES.length) return 'documents';
  if (a.journey === 'port' && !port.accepted) return 'code';
  if (!a.planId && a.initialTopup == null) return 'plan';
  return null;
}

/**
 * What a chip may be activated with instead of a plan: a prepaid chip starts a prepaid line with one of
 * the account's top-up amounts (the same list and rule as a top-up of a line, `account-balance.ts`);
 * a plan chip, none.
 */
export function initialTopupAmounts(chipKind: 'plan' | 'prepaid', currency: Market['currency']): readonly number[] {
  return chipKind === 'prepaid' ? topupAmounts[currency] : [];
}

/** The item an activation's purchase event names: the plan, or the initial top-up of a prepaid chip. */
export const INITIAL_TOPUP_ITEM = 'PREPAID_INITIAL_TOPUP';

export const ACTIVATION_MISSING_ORDER: readonly ActivationMissing[] = ['holder', 'identity', 'address', 'number', 'documents', 'code', 'plan'];

/**
 * The activation's analytics (docs/analytics.md "SIM activation"): each step with the checkout's step
 * number (SPEC §2 table), the purchase once the line is open, and every refusal with its message key.
 */
export const activationEvents = {
  step(site: SiteId, journey: ActivationJourney, step: keyof typeof ACTIVATION_STEPS): AnalyticsEvent {
    return {
      event: 'checkout_step',
      site,
      flow: 'sim-activation',
      journey_kind: JOURNEY_KIND[journey],
      checkout_step: ACTIVATION_STEPS[step],
      step_name: step,
    };
  },
  purchase(site: SiteId, currency: 'CLP' | 'PEN', journey: ActivationJourney, done: { phoneNumber: string; planId: string; amount: number }): AnalyticsEvent {
    const value = roundForEvent(done.amount, currency);
    return {
      event: 'purchase',
      site,
      flow: 'sim-activation',
      journey_kind: JOURNEY_KIND[journey],
      transaction_id: `ACT-${done.phoneNumber.slice(-4)}`,
      currency,
      value,
      items: [{ item_id: done.planId, price: value, quantity: 1 }],
    };
  },
  failure(site: SiteId, journey: ActivationJourney, step: keyof typeof ACTIVATION_STEPS, errorKey: string): AnalyticsEvent {
    return { event: 'activation_failure', site, flow: 'sim-activation', journey_kind: JOURNEY_KIND[journey], step_name: step, error_key: errorKey };
  },
};
