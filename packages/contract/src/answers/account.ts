import { z } from 'zod';
import { requestChannels, requestStatuses, requestTopics } from '@andes/domain/account-requests';
import { line, money, ticket } from './models.ts';

export const assetList = z.object({
  assets: z.array(line),
});

export const assetOne = z.object({
  asset: line,
});

export const lineSelected = z.object({ selectedLine: z.string() });

export const lineBalance = z.object({
  phoneNumber: z.string(),
  balance: z.object({
    principal: money,
    loyaltyPoints: z.object({
      amount: z.number().int(),
      expiredDate: z.string(),
    }),
  }),
});

export const transferLimits = z.object({
  phoneNumber: z.string(),
  limits: z.object({ min: money, max: money }),
  lukas: z.object({ points: z.number().int(), amount: money }),
});

export const transferDone = z.object({
  balance: money,
  amount: money,
  targetPhoneNumber: z.string(),
  replayed: z.boolean(),
});

export const lukasDone = z.object({
  balance: money,
  points: z.number().int(),
  redeemedPoints: z.number().int(),
  amount: money,
  replayed: z.boolean(),
});

export const linePlan = z.object({
  phoneNumber: z.string(),
  kind: z.string(),
  status: z.string(),
  plan: z
    .object({
      id: z.string(),
      name: z.string(),
      data: z.string(),
      voice: z.string(),
      sms: z.string(),
      price: z.number().int(),
      renewalDate: z.string(),
    })
    .nullable(),
});

export const consumption = z.object({
  phoneNumber: z.string(),
  cycleStart: z.string(),
  today: z.string(),
  totals: z.array(
    z.object({
      kind: z.string(),
      used: z.number().int(),
      /** null: unlimited; notIncluded: the plan has none. */
      allowance: z.union([z.number().int(), z.literal('notIncluded')]).nullable(),
      percent: z.number().int().nullable(),
    }),
  ),
  dataByDay: z.array(
    z.object({
      day: z.string(),
      kind: z.string(),
      amount: z.number().int(),
    }),
  ),
  range: z.object({
    from: z.string(),
    to: z.string(),
  }),
  detail: z.array(
    z.object({
      day: z.string(),
      kind: z.string(),
      amount: z.number().int(),
    }),
  ),
  filter: z.object({
    kind: z.string().optional(),
    from: z.string().optional(),
    to: z.string().optional(),
  }),
});

export const frequentNumbers = z.object({
  frequentNumbers: z.array(z.string()),
});

export const equipmentList = z.object({
  phoneNumber: z.string(),
  equipment: z.array(
    z.object({
      id: z.number().int(),
      brand: z.string(),
      model: z.string(),
      /** Null until a phone sold online is dispatched. */
      imei: z.string().nullable(),
      purchasedAt: z.string(),
      /** `{brand}Blue` for a phone of the Blue program (its protection insurance included), else regular. */
      rentalType: z.string(),
      /** The bill day of its first installment. */
      firstInstallmentAt: z.string(),
      price: money,
      installments: z.number().int(),
      installmentAmount: money,
      installmentsPaid: z.number().int(),
      installmentsLeft: z.number().int(),
      amountLeft: money,
      paidOff: z.boolean(),
    }),
  ),
});

export const bagOffers = z.object({
  offers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      bagType: z.string(),
      mode: z.string(),
      dataMb: z.number().int().nullable(),
      minutes: z.number().int().nullable(),
      sms: z.number().int().nullable(),
      validityDays: z.number().int(),
      price: z.number().int(),
      pointsPrice: z.number().int().nullable(),
      zone: z.string().nullable(),
      priceFormatted: z.string(),
    }),
  ),
});

export const lineBags = z.object({
  bags: z.array(
    z.object({
      id: z.number().int(),
      offerId: z.string(),
      name: z.string(),
      bagType: z.string(),
      mode: z.string(),
      dataMb: z.number().int().nullable(),
      recurring: z.boolean(),
      payment: z.string().nullable(),
      dataMbLeft: z.number().int().nullable(),
      purchasedAt: z.string(),
      expiresAt: z.string(),
    }),
  ),
  suspended: z.array(
    z.object({
      id: z.number().int(),
      offerId: z.string(),
      name: z.string(),
      expiresAt: z.string(),
      reason: z.string(),
    }),
  ),
});

/** A bag paid now (balance, points or the bill), or a card payment sent to the gateway (the envelope's redirect). */
export const bagBought = z.union([
  z.object({
    replayed: z.boolean(),
    bagId: z.number().int(),
    offerId: z.string(),
    name: z.string(),
    mode: z.string(),
    payment: z.string(),
    balance: money,
    points: z.number().int(),
    expiresAt: z.string(),
  }),
  z.object({ buyOrder: z.string(), replayed: z.boolean() }),
]);

export const bagCancelled = z.object({
  bagId: z.number().int(),
  name: z.string(),
  expiresAt: z.string(),
});

export const points = z.object({
  points: z.object({
    amount: z.number().int(),
    expiresAt: z.string(),
  }),
  totals: z.object({
    earned: z.number().int(),
    redeemed: z.number().int(),
    expired: z.number().int(),
  }),
  history: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      points: z.number().int(),
      description: z.string(),
      createdAt: z.string(),
    }),
  ),
});

export const redemptions = z.object({
  redemptions: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      points: z.number().int(),
      description: z.string(),
      createdAt: z.string(),
    }),
  ),
});

export const discounts = z.object({
  discounts: z.array(
    z.object({
      id: z.string(),
      partner: z.string(),
      category: z.string(),
      title: z.string(),
      conditions: z.string(),
      percentage: z.number().int(),
      validUntil: z.string(),
    }),
  ),
});

export const bonuses = z.object({
  offers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kind: z.string(),
      description: z.string(),
      pointsPrice: z.number().int(),
      validityDays: z.number().int(),
      dataMb: z.number().int().nullable(),
      minutes: z.number().int().nullable(),
      sortOrder: z.number().int(),
    }),
  ),
  bonuses: z.array(
    z.object({
      id: z.number().int(),
      offerId: z.string(),
      name: z.string(),
      kind: z.string(),
      points: z.number().int(),
      redeemedAt: z.string(),
      expiresAt: z.string(),
    }),
  ),
});

export const bonusRedeemed = z.object({
  bonusId: z.number().int(),
  offerId: z.string(),
  name: z.string(),
  pointsSpent: z.number().int(),
  points: z.number().int(),
  expiresAt: z.string(),
  replayed: z.boolean(),
});

const planDays = z.object({ from: z.string(), to: z.string(), days: z.number().int(), amount: z.number().int(), text: z.string() });

export const bills = z.object({
  bills: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      period: z.string(),
      issuedAt: z.string(),
      dueAt: z.string(),
      amount: z.number().int(),
      amountFormatted: z.string(),
      status: z.string(),
      paidAt: z.string().nullable(),
      pdfUrl: z.string(),
      plan: z.object({
        amount: z.number().int(),
        amountFormatted: z.string(),
        prorated: z.object({ from: z.string(), to: z.string(), days: z.number().int(), periodDays: z.number().int() }).nullable(),
        text: z.string().nullable(),
        /** A move to a dearer plan inside the period: each plan for its days (docs/decisions/027). */
        change: z
          .object({
            fromPlan: z.string(),
            toPlan: z.string(),
            changedOn: z.string(),
            periodDays: z.number().int(),
            from: planDays,
            to: planDays,
          })
          .nullable(),
      }),
      charges: z.array(
        z.object({
          id: z.number().int(),
          kind: z.string(),
          /** The bag of a bag or renewal charge; null for an installment, a suspension's credit or an insurance deductible. */
          offerId: z.string().nullable(),
          name: z.string().nullable(),
          amount: z.number().int(),
          amountFormatted: z.string(),
          createdAt: z.string(),
        }),
      ),
    }),
  ),
  nextBill: z.object({
    /** Null while the line is not billed yet (a new line whose SIM is on its way). */
    issuesOn: z.string().nullable(),
    charges: z.array(
      z.object({
        id: z.number().int(),
        kind: z.string(),
        /** The bag of a bag charge; none for a suspension's credit or an insurance deductible. */
        offerId: z.string().nullable(),
        name: z.string().nullable(),
        amount: z.number().int(),
        amountFormatted: z.string(),
        createdAt: z.string(),
      }),
    ),
    /** Everything the next bill charges besides the plan: the charges above and the installments. */
    total: money,
    /** The installments of the line's phones the next bill charges (those paid ahead are not). */
    installments: money,
    /** Those installments one by one: which phone, which installment of how many. */
    installmentLines: z.array(
      z.object({ equipmentId: z.number().int(), number: z.number().int(), of: z.number().int(), amount: z.number().int(), text: z.string() }),
    ),
    /** A plan change the next bill reflects: an upgrade this period (both plans by days) or a scheduled downgrade. */
    planChange: z
      .object({
        kind: z.enum(['upgrade', 'downgrade']),
        state: z.enum(['scheduled', 'applied', 'cancelled']),
        toPlan: z.string(),
        effectiveOn: z.string(),
        text: z.string(),
      })
      .nullable(),
  }),
});

export const payments = z.object({
  payments: z.array(
    z.object({
      id: z.number().int(),
      lineId: z.number().int(),
      billId: z.number().int().nullable(),
      kind: z.string(),
      amount: z.number().int(),
      method: z.string(),
      reference: z.string().nullable(),
      createdAt: z.string(),
      amountFormatted: z.string(),
    }),
  ),
  total: money,
});

export const paymentOne = z.object({
  payment: z.object({
    id: z.number().int(),
    kind: z.string(),
    method: z.string(),
    amount: z.number().int(),
    reference: z.string(),
    createdAt: z.string(),
    billId: z.number().int().nullable(),
    billNumber: z.string().nullable(),
    billPeriod: z.string().nullable(),
    authorizationCode: z.string(),
    cardLast4: z.string(),
    offerName: z.string().nullable(),
    amountFormatted: z.string(),
  }),
});

export const topupAmounts = z.object({ amounts: z.array(money) });

export const topupStatus = z.object({
  buyOrder: z.string(),
  purpose: z.string(),
  billId: z.number().int().nullable(),
  offerId: z.string().nullable(),
  status: z.string(),
  amount: money,
});

/** A service request of a line. */
export const serviceRequest = z.object({
  id: z.number().int(),
  number: z.string(),
  topic: z.enum(requestTopics),
  description: z.string(),
  contactChannel: z.enum(requestChannels),
  status: z.enum(requestStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const requestList = z.object({ requests: z.array(serviceRequest) });

export const requestOne = z.object({ request: serviceRequest });

export const ticketList = z.object({ tickets: z.array(ticket) });

export const ticketOne = z.object({ ticket });

/** A ticket read by its number, with its line. */
export const ticketByNumber = z.object({ ticket: ticket.extend({ phoneNumber: z.string() }) });

export const ticketCreated = z.object({ ticket: ticket.pick({ id: true, number: true }) });

export const deskNotified = z.object({
  ticketNumber: z.string(),
  status: z.string(),
  applied: z.boolean(),
});

export const notifications = z.object({
  notifications: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      body: z.string(),
      readAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  unread: z.number().int(),
});

export const notificationRead = z.object({
  id: z.number().int(),
  readAt: z.string(),
});

export const preferences = z.object({
  preferences: z.object({
    bills: z.object({
      email: z.boolean(),
      sms: z.boolean(),
      push: z.boolean(),
    }),
    security: z.object({
      email: z.boolean(),
      sms: z.boolean(),
      push: z.boolean(),
    }),
    balance: z.object({
      email: z.boolean(),
      sms: z.boolean(),
      push: z.boolean(),
    }),
    bags: z.object({
      email: z.boolean(),
      sms: z.boolean(),
      push: z.boolean(),
    }),
    points: z.object({
      email: z.boolean(),
      sms: z.boolean(),
      push: z.boolean(),
    }),
    promotions: z.object({
      email: z.boolean(),
      sms: z.boolean(),
      push: z.boolean(),
    }),
  }),
  required: z.array(z.string()),
});
