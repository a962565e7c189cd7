import { z } from 'zod';
import { PORTABILITY_STATES } from '@andes/domain/portability';
import { PAYMENT_METHOD_IDS } from '@andes/domain/payment-methods';
import { ticketCategories, ticketStatuses } from '@andes/domain/account-tickets';

/** Wire values the pages branch on (the domain names their types; the lists are the answers'). */
export const deliveryType = z.enum(['delivery', 'storePickup']);
export const paymentCode = z.enum(['PP', 'CE', 'PT']);
export const paymentKind = z.enum(['gateway', 'offline', 'points', 'cashCode']);
export const paymentMethodId = z.enum(PAYMENT_METHOD_IDS);
export const portabilityState = z.enum(PORTABILITY_STATES);
export const lineKind = z.enum(['prepaid', 'postpaid', 'hybrid']);
export const customerGroup = z.enum(['postpaidPlans', 'hybridPlans', 'blue']);

/** An amount in minor units and as the market writes it. */
export const money = z.object({ amount: z.number().int(), formatted: z.string() }).meta({ id: 'Money' });

/** A region, province or commune (district) of the market's geography. */
export const geoArea = z.object({ code: z.string(), level: z.number().int(), name: z.string(), parentCode: z.string().nullable() }).meta({ id: 'GeoArea' });

/** The caller's profile: anonymous (securityStatus and userType only) or the signed-in customer. */
export const profile = z
  .object({
    securityStatus: z.number().int(),
    userType: z.enum(['client', 'new']),
    sessionExpired: z.boolean().optional(),
    firstNameFront: z.string().optional(),
    lastNameFront: z.string().optional(),
    name: z.string().optional(),
    gender: z.string().optional(),
    portrait: z.string().optional(),
    hasPortrait: z.boolean().optional(),
    rut: z.string().optional(),
    dni: z.string().optional(),
    email: z.string().optional(),
    phoneNumber: z.string().optional(),
    lines: z.array(z.object({ phoneNumber: z.string(), kind: lineKind, status: z.string(), planName: z.string().nullable() })).optional(),
    balance: z.object({ principal: money, loyaltyPoints: z.object({ amount: z.number().int(), expiredDate: z.string().nullable() }) }).optional(),
  })
  .meta({ id: 'Profile' });

const deliveryQuote = z.object({ deliveryPrice: z.number().int(), totalPrice: z.number().int() });
const deliveryOptions = z.object({ delivery: deliveryQuote, storePickup: deliveryQuote });
const consignee = z.object({ rut: z.string(), name: z.string(), phoneNumber: z.string() });

/**
 * The promotion a plan line is sold on: `percentage` off the list price, `promoPrice` a month for the
 * contract's first `months` months (null: as long as the plan), then the list price.
 */
const linePromotion = z.object({ percentage: z.number().int(), promoPrice: z.number().int(), months: z.number().int().nullable() });
/** A cart line's promotion, with the most lines one document may hold on it (null: no cap). */
const cartPromotion = linePromotion.extend({ perDocument: z.number().int().nullable() });

/** The cart as every cart answer shows it (amounts in minor units). */
export const cartView = z
  .object({
    shoppingCartID: z.string(),
    items: z.array(
      z.object({
        id: z.string(),
        productOfferingID: z.string(),
        quantity: z.number().int(),
        shownPrice: z.number().int(),
        insurances: z.array(
          z.object({
            id: z.string(),
            displayName: z.string(),
            monthlyValue: z.number().int(),
            /** Included by the Blue program at no extra cost (its monthlyValue is then 0). */
            included: z.boolean(),
          }),
        ),
        insuredPhoneNumber: z.string().nullable(),
        campaignID: z.string().nullable(),
        isPortability: z.boolean(),
        billing_email: z.string().nullable(),
        billing_msisdn: z.string().nullable(),
        renewal: z.boolean(),
        type: z.enum(['equipment', 'plan']),
        /** SPEC §3 commerceItems: `simcard` (a plan's line), `equipment`, `equipment-bundle` (a phone sold with a plan). */
        itemType: z.enum(['simcard', 'equipment', 'equipment-bundle']),
        name: z.string(),
        productId: z.string().nullable(),
        color: z.string().nullable(),
        storage: z.string().nullable(),
        images: z.array(z.string()),
        price: z.number().int(),
        monthlyPrice: z.number().int(),
        lineTotal: z.number().int(),
        stock: z.number().int().nullable(),
        rentalType: z.string(),
        planPhoneNumber: z.string().nullable(),
        planSN: z.string().nullable().optional(),
        data: z.string().optional(),
        voice: z.string().optional(),
        sms: z.string().optional(),
        planName: z.string().optional(),
        /** A plan line: its list monthly price, what it costs once its promotion's months are over. */
        listMonthlyPrice: z.number().int().optional(),
        /** A plan line's promotion (only the lines its terms name, within the document's quota); `monthlyPrice` is its price. */
        promotion: cartPromotion.nullable().optional(),
        /** A Blue phone: installments chosen, initial quota paid today (= price), monthly quota billed with the plan (in monthlyPrice), phone's value; null otherwise. */
        quotasValue: z.number().int().nullable().optional(),
        initialQuota: z.number().int().nullable().optional(),
        quotas: z.number().int().nullable().optional(),
        equipmentValue: z.number().int().nullable().optional(),
      }),
    ),
    subTotalPrice: z.number().int(),
    /** The chosen way of delivery (null: not yet, `deliveryPrice` unknown) and what each way costs. */
    deliveryType: deliveryType.nullable(),
    deliveryPrice: z.number().int(),
    totalPrice: z.number().int(),
    deliveryOptions,
    nextMonthPrice: z.number().int(),
    totalPointUsed: z.number().int(),
    itemCount: z.number().int(),
    currency: z.string(),
    isPortability: z.boolean(),
    status: z.object({
      portabilityReady: z.boolean(),
      registrationReady: z.boolean(),
      signedIn: z.boolean(),
    }),
    shippingInfo: z.object({
      /** The chosen way of delivery (null: not yet, `deliveryPrice` unknown) and what each way costs. */
      deliveryType: deliveryType.nullable(),
      addressId: z.number().int().nullable(),
      storeId: z.string().nullable(),
      consignee: consignee.nullable(),
    }),
    issues: z.array(
      z.object({
        itemId: z.string(),
        shownPrice: z.number().int(),
        currentPrice: z.number().int(),
        quantity: z.number().int(),
        stock: z.number().int(),
        kind: z.enum(['price', 'stock']),
      }),
    ),
  })
  .meta({ id: 'Cart' });

/** An order as its owner sees it (amounts in minor units). */
/** Card installments without interest: each one but the last, the last, and the total cost (the price). */
export const installmentPlan = z
  .object({ count: z.number().int(), amount: z.number().int(), last: z.number().int(), totalCost: z.number().int() })
  .meta({ id: 'InstallmentPlan' });

export const orderView = z
  .object({
    number: z.string(),
    status: z.string(),
    createdAt: z.string(),
    /** When the money came in (paid first, or collected on hand-over); null until then. */
    paidAt: z.string().nullable(),
    currency: z.string(),
    subTotalPrice: z.number().int(),
    deliveryPrice: z.number().int(),
    totalPrice: z.number().int(),
    nextMonthPrice: z.number().int(),
    deliveryType: deliveryType.nullable(),
    deliveryOptions,
    delivery: z
      .object({ text: z.string(), type: z.string(), storeId: z.string().optional(), openingHours: z.string().optional(), addressId: z.string().optional() })
      .nullable(),
    consignee: consignee.nullable(),
    paymentMethod: paymentMethodId.nullable(),
    paymentCode: paymentCode.nullable(),
    paymentKind: paymentKind.nullable(),
    expiresAt: z.string().nullable(),
    pointsUsed: z.number().int(),
    /** Points a cancelled points purchase gave back to the line that paid. */
    pointsReturned: z.number().int(),
    /** `late`: an approval after the order ended; `cancelled`: the payment of an order the customer cancelled. */
    refunds: z.array(z.object({ amount: z.number().int(), refundedAt: z.string(), reason: z.enum(['late', 'cancelled']) })),
    /** A cancelled order's payment the gateway has not given back yet (minor units). */
    refundPending: z.number().int(),
    /** Whether the customer may still cancel it (not shipped nor at the store yet). */
    cancellable: z.boolean(),
    cashCode: z.string().nullable(),
    /** The payment that paid the order, as the gateway recorded it: card, authorization, when, and the installments charged. */
    payment: z
      .object({
        cardLast4: z.string().nullable(),
        authorizationCode: z.string().nullable(),
        paymentType: z.string().nullable(),
        paidAt: z.string().nullable(),
        installments: installmentPlan.nullable(),
      })
      .nullable(),
    /** The day it is in the customer's hands (`YYYY-MM-DD` in the market's zone): delivered, or ready at the store; null until accepted. */
    promisedFor: z.string().nullable(),
    /** The address the confirmation e-mail went to, once it went. */
    confirmationEmail: z.string().nullable(),
    fulfilmentReference: z.string().nullable(),
    /** Every state reached, oldest first, and the path the order takes when all goes well. */
    history: z.array(z.object({ status: z.string(), at: z.string() })),
    path: z.array(z.string()),
    lines: z.array(
      z.object({
        id: z.string(),
        type: z.enum(['equipment', 'plan']),
        name: z.string(),
        color: z.string(),
        image: z.string(),
        quantity: z.number().int(),
        unitPrice: z.number().int(),
        monthlyPrice: z.number().int(),
        insurances: z.array(z.string()),
        insuredPhoneNumber: z.string().nullable(),
        renewal: z.boolean(),
        planPhoneNumber: z.string().nullable(),
        /** A plan line's list monthly price (null for equipment) and the promotion it was sold on. */
        listMonthlyPrice: z.number().int().nullable(),
        promotion: linePromotion.nullable(),
        /** A Blue phone (SPEC §3 {product}BlueInfo option): installments, initial quota paid with the order (= unitPrice), monthly quota with the plan, phone's value; null otherwise. */
        quotasValue: z.number().int().nullable(),
        initialQuota: z.number().int().nullable(),
        quotaAmount: z.number().int().nullable(),
        equipmentValue: z.number().int().nullable(),
      }),
    ),
  })
  .meta({ id: 'Order' });

/** One of the customer's lines with its balance and points. */
export const line = z
  .object({
    phoneNumber: z.string(),
    kind: lineKind,
    status: z.string(),
    balance: z.object({
      principal: money,
      loyaltyPoints: z.object({
        amount: z.number().int(),
        expiredDate: z.string().nullable(),
      }),
    }),
    points: z.number().int(),
    pointsExpireAt: z.string().nullable(),
    planId: z.string().nullable(),
    planName: z.string().nullable(),
  })
  .meta({ id: 'CustomerLine' });

export const plan = z
  .object({
    id: z.string(),
    baseId: z.string(),
    version: z.number().int(),
    planName: z.string(),
    commerceName: z.string(),
    customerGroup,
    price: z.number().int(),
    commercePrice: z.number().int(),
    data: z.string(),
    voice: z.string(),
    sms: z.string(),
    isBam: z.boolean(),
    socialMedia: z.array(z.string()),
    advancedPlan: z.boolean(),
    promotion: z.string().nullable(),
    planDiscountPercentage: z.number().int(),
    planDiscountDescription: z.string().nullable(),
    planDiscountMonths: z.number().int().nullable(),
    /** The lines the promotion is for (`portability`, `newLine`, `additionalLine`); null: every line. */
    planDiscountLineKinds: z.array(z.string()).nullable(),
    /** Most lines one document (RUT, DNI) may have on the promotion over all its orders; null: no cap. */
    planDiscountPerDocument: z.number().int().nullable(),
    showInActivationFlow: z.boolean(),
    rentalType: z.string(),
    planType: z.string(),
    selected: z.boolean(),
  })
  .meta({ id: 'Plan' });

/** A support ticket (`phoneNumber` when read by its number). */
export const ticket = z
  .object({
    id: z.number().int(),
    number: z.string(),
    category: z.enum(ticketCategories),
    description: z.string(),
    status: z.enum(ticketStatuses),
    hasAttachment: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    phoneNumber: z.string().optional(),
  })
  .meta({ id: 'Ticket' });

export const equipmentProduct = z
  .object({
    poID: z.string(),
    kind: z.string(),
    model: z.string(),
    brand: z.string(),
    displayName: z.string(),
    category: z.string(),
    description: z.string(),
    /** Named specifications (memoria, pantalla…) as the catalogue shows them. */
    specs: z.record(z.string(), z.string()),
    images: z.array(z.string()),
    listPrice: z.number().int(),
    initialQuota: z.number().int(),
    quotas: z.number().int(),
    quotasValue: z.number().int(),
    equipmentValue: z.number().int(),
    pageType: z.string(),
    renewal: z.boolean(),
    andesBlueInfo: z.array(
      z.object({
        planID: z.string(),
        planName: z.string(),
        quotasValue: z.number().int(),
        initialQuota: z.number().int(),
        quotas: z.number().int(),
        equipmentValue: z.number().int(),
      }),
    ),
    defaultSkuId: z.string(),
    displayProperties: z.array(
      z.object({
        name: z.string(),
        values: z.array(
          z.object({
            value: z.string(),
            hex: z.string().nullable(),
          }),
        ),
      }),
    ),
    skus: z.array(
      z.object({
        id: z.string(),
        color: z.string(),
        colorHex: z.string(),
        storage: z.string().nullable(),
        images: z.array(z.string()),
        stock: z.number().int(),
        inStock: z.boolean(),
        listPrice: z.number().int(),
        referencePrice: z.number().int(),
        prices: z.object({
          price: money,
          reference: money,
          installments: z.object({
            count: z.number().int(),
            amount: money,
            last: money,
            totalCost: money,
          }),
        }),
        priceContadoRN: z.number().int().nullable(),
        renewalPrices: z
          .object({
            price: money,
            reference: money,
            installments: z.object({
              count: z.number().int(),
              amount: money,
              last: money,
              totalCost: money,
            }),
          })
          .nullable(),
      }),
    ),
    // each brand's installment offers ride under `<brand>BlueInfo` (andesBlueInfo…)
  })
  .catchall(z.unknown())
  .meta({ id: 'EquipmentProduct' });

export const coverage = z
  .object({
    covered: z.boolean(),
    technology: z.string().nullable(),
    region: geoArea,
    province: geoArea,
    commune: geoArea,
    coverageId: z.number().int().optional(),
    addressId: z.number().int().optional(),
  })
  .meta({ id: 'Coverage' });
