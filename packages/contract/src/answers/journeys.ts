import { z } from 'zod';

const creditPurpose = z.enum(['financing', 'additionalLine']);
const creditResult = z.enum(['approved', 'rejected', 'error']);
import { customerGroup, lineKind, money, plan, portabilityState } from './models.ts';

/**
 * The terms text where plans are sold (SPEC §9), one line each: a message key of the `plans` texts with
 * its amounts in minor units (to format in the market's currency), lists of amounts and plain counts.
 */
export const salesTerms = z.array(
  z.object({
    key: z.string(),
    amounts: z.record(z.string(), z.number().int()).optional(),
    amountLists: z.record(z.string(), z.array(z.number().int())).optional(),
    counts: z.record(z.string(), z.number().int()).optional(),
  }),
);

export const planTerms = z.object({ terms: salesTerms });

export const planList = z.object({
  activeSimType: z.string(),
  terms: salesTerms,
  postpaidPlans: z.array(plan),
  hybridPlans: z.array(plan),
  blue: z.array(plan),
  blueGroupName: z.string(),
  defaultTab: customerGroup,
  selectValue: z.string().nullable(),
});

export const planSelected = z.object({
  selectedPlan: plan,
  isPortability: z.boolean(),
});

export const planSelection = z.object({
  selectedPlan: plan.nullable(),
  isPortability: z.boolean(),
  activeSimType: z.string().nullable(),
});

export const customerActive = z.object({
  customerActive: z.boolean(),
});

export const profileCreated = z.object({ profile: z.object({ created: z.boolean(), document: z.string(), newCustomer: z.boolean() }) });

export const planActivation = z.object({
  orderNumber: z.string(),
  status: z.string(),
  lines: z.array(
    z.object({
      planId: z.string(),
      planName: z.string(),
      phoneNumber: z.string(),
      planPhoneNumber: z.string(),
      planSN: z.string(),
      ported: z.boolean(),
      status: z.string(),
      scheduledFor: z.string().nullable(),
      newCustomer: z.boolean(),
      billing_email: z.string().nullable(),
      billing_msisdn: z.string().nullable(),
    }),
  ),
});

export const portabilityCompanies = z.object({
  companies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
    }),
  ),
  asksModality: z.boolean(),
  modalities: z.array(z.string()),
});

/** A number being brought from another company, and where it stands. */
export const portabilityRequest = z
  .object({
    number: z.string(),
    state: portabilityState,
    phoneNumber: z.string(),
    company: z.string(),
    modality: z.string().nullable(),
    planId: z.string(),
    rejectReason: z.string().nullable(),
    scheduledFor: z.string().nullable(),
    codeExpiresAt: z.string().nullable(),
    phoneLast: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    ready: z.boolean(),
  })
  .meta({ id: 'PortabilityRequest' });

export const portabilityAnswer = z.object({
  request: portabilityRequest,
  line: z
    .object({
      status: z.string(),
    })
    .nullable(),
  next: z.string(),
});

export const portabilityDocument = z.object({
  document: z.object({
    type: z.string(),
    bytes: z.number().int(),
  }),
  request: portabilityRequest,
});

export const portabilityPayment = z.object({
  url: z.string(),
  orderNumber: z.string(),
  paymentMethod: z.string(),
  request: portabilityRequest,
});

export const identityQuestions = z.object({
  challengeId: z.string(),
  questions: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      options: z.array(
        z.object({
          id: z.string(),
          text: z.string(),
        }),
      ),
    }),
  ),
});

export const identityOutcome = z.object({
  outcome: z.string(),
  passed: z.boolean(),
});

export const creditOutcome = z.object({
  outcome: creditResult,
  next: z.string().nullable(),
  approved: z.boolean(),
});

export const journeyRequirements = z.object({
  steps: z.array(
    z.object({
      kind: z.enum(['identity', 'credit']),
      purpose: creditPurpose.nullable(),
      document: z.string(),
      page: z.string(),
      done: z.boolean(),
      outcome: creditResult.nullable(),
    }),
  ),
  portability: z.boolean(),
  planSale: z.boolean(),
  equipmentAvailable: z.boolean(),
  next: z.string().nullable(),
});

export const ownershipCheck = z.object({
  codeRequired: z.boolean().optional(),
  tokenId: z.string().optional(),
  phoneLast: z.string().optional(),
  holder: z.boolean().optional(),
});

export const ownershipConfirmed = z.object({
  holder: z.boolean(),
});

export const profiledOffers = z.object({
  lines: z.array(
    z.object({
      phoneNumber: z.string(),
      kind: z.string(),
      status: z.string(),
      planName: z.string().nullable(),
      offers: z.array(plan),
    }),
  ),
});

export const migrationOffer = z.object({
  line: z.object({
    phoneNumber: z.string(),
    kind: z.string(),
    status: z.string(),
  }),
  blocker: z.string().nullable(),
  plans: z.array(plan.extend({ charge: money })),
});

export const paymentRedirect = z.object({
  buyOrder: z.string(),
  replayed: z.boolean(),
});

export const migrationStatus = z.object({
  buyOrder: z.string(),
  state: z.string(),
  amount: money,
  plan: plan,
  fromKind: lineKind,
  fromPlanName: z.string().nullable(),
});

export const mobileDraft = z.object({
  request: z.object({
    plan: plan,
    name: z.string(),
    document: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    address: z.string(),
  }),
});

export const mobileConfirmed = z.object({
  number: z.string(),
  replayed: z.boolean(),
});

export const mobileRequest = z.object({
  request: z.object({
    number: z.string(),
    plan: plan,
    name: z.string(),
    address: z.string(),
    createdAt: z.string(),
  }),
});
