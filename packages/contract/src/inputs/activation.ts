import { z } from 'zod';
import { activationInputs } from '@andes/domain/sim-activation';
import { money, plan } from '../answers/models.ts';

/**
 * Request and answer shapes of the SIM activation (docs/api-activation.md, decision 025). The inputs are
 * the domain's rule sets (packages/domain/src/sim-activation.ts), shared with the pages' forms.
 */
export const activationChipBody = activationInputs.chip();
export const activationHolderBody = activationInputs.holder;
export const activationAnswersBody = activationInputs.answers();
export const streetsQuery = activationInputs.streets();
export const activationAddressBody = activationInputs.address();
export const activationPickBody = activationInputs.pick();
export const activationPlanBody = activationInputs.plan();
export const activationTopupBody = activationInputs.topup();
export const activationPaymentBody = activationInputs.payment();
export const activationPortBody = activationInputs.port;
export const activationCodeBody = activationInputs.code();
export const activationDocumentBody = activationInputs.document();

const area = z.object({ code: z.string(), name: z.string() });

/** An activation as its pages show it; the chip shows its last four digits only. */
export const activationView = z.object({
  journey: z.enum(['newNumber', 'port']),
  journeyKind: z.enum(['onlySimActivtion', 'onlyProtability']),
  state: z.enum(['started', 'paying', 'active', 'expired', 'cancelled']),
  chip: z.object({ last4: z.string(), kind: z.enum(['plan', 'prepaid']) }),
  expiresAt: z.string(),
  holder: z.object({ document: z.string(), name: z.string(), email: z.string(), phoneNumber: z.string() }).nullable(),
  identityPassed: z.boolean(),
  address: z
    .object({ region: area, province: area.nullable(), commune: area, street: z.string(), number: z.string(), details: z.string().nullable() })
    .nullable(),
  covered: z.boolean().nullable(),
  offered: z.array(z.string()),
  phoneNumber: z.string().nullable(),
  plan: plan.nullable(),
  /** What is paid: the plan's first month, or the initial top-up. */
  amount: money.nullable(),
  /** A prepaid chip's initial top-up chosen instead of a plan (null: a plan, or nothing chosen yet). */
  initialTopup: money.nullable(),
  /** The initial top-ups a prepaid chip may start with (the account's top-up amounts); empty for a plan chip. */
  topupAmounts: z.array(money),
  /** What the customer does next: the first step not done (null: pay, or finished). */
  missing: z.enum(['holder', 'identity', 'address', 'number', 'documents', 'code', 'plan']).nullable(),
  /** A port's request to the registry as it stands (the portability capability's view of it). */
  port: z
    .object({
      number: z.string().nullable(),
      state: z.string(),
      phoneNumber: z.string(),
      company: z.string(),
      modality: z.string().nullable(),
      rejectReason: z.string().nullable(),
      scheduledFor: z.string().nullable(),
      codeExpiresAt: z.string().nullable(),
    })
    .nullable(),
  /** The sides of the holder's document already attached (the photos themselves never come back). */
  documents: z.array(z.enum(['front', 'back'])),
  /** The methods this market offers for the first month. */
  paymentMethods: z.array(z.enum(['webPay', 'cashCode'])),
  /** Peru's cash code while it waits to be paid at a bank or agent. */
  cashCode: z.object({ code: z.string(), expiresAt: z.string() }).nullable(),
  /** The page to continue on. */
  next: z.string(),
  result: z
    .object({
      phoneNumber: z.string(),
      planName: z.string(),
      /** When the line works: now (new number) or the port window. */
      worksFrom: z.string(),
      newCustomer: z.boolean(),
      /** The account's sign-in: the holder's document (its secret is created with password recovery). */
      signIn: z.string(),
      cardLast4: z.string().nullable(),
      /** A prepaid line's first balance (its initial top-up); null for a plan line. */
      prepaidBalance: money.nullable(),
    })
    .nullable(),
});

export const activationAnswer = z.object({ activation: activationView });

export const activationQuestions = z.object({
  activation: activationView,
  challengeId: z.string(),
  questions: z.array(z.object({ id: z.string(), text: z.string(), options: z.array(z.object({ id: z.string(), text: z.string() })) })),
});

export const activationIdentity = z.object({ activation: activationView, outcome: z.string(), passed: z.boolean() });

export const streetsAnswer = z.object({ commune: area, streets: z.array(z.string()) });

export const activationDocument = z.object({
  activation: activationView,
  document: z.object({ side: z.enum(['front', 'back']), type: z.string(), bytes: z.number().int() }),
});

export const activationPayment = z.object({
  buyOrder: z.string(),
  replayed: z.boolean(),
  paymentMethod: z.enum(['webPay', 'cashCode']),
  cashCode: z.string().nullable(),
});
export const cashNotifyAnswer = z.object({ code: z.string(), state: z.string() });
