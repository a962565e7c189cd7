import { z } from 'zod';
import { catalogueKinds, catalogueSorts, type CatalogueKind, type CatalogueSort } from '@andes/domain/catalogue-query';
import { searchKinds, type SearchKind } from '@andes/domain/catalogue-search';
import { COMPARE_SPECS, type CompareSpec } from '@andes/domain/compare';
import { systemMessage } from '../envelope.ts';
import { cartView, coverage, equipmentProduct, geoArea, installmentPlan, money, orderView, paymentKind, paymentMethodId } from './models.ts';

export const catalogueList = z.object({
  kind: z.enum(catalogueKinds as [CatalogueKind, ...CatalogueKind[]]),
  records: z.array(
    z.object({
      productId: z.string(),
      skuId: z.string(),
      url: z.string(),
      image: z.string(),
      brand: z.string(),
      displayName: z.string(),
      category: z.string(),
      inStock: z.boolean(),
      price: z.number().int(),
      sortOrder: z.number().int(),
      prices: z.object({
        price: money,
        reference: money.nullable(),
        installments: z.object({
          count: z.number().int(),
          amount: money,
          last: money,
          totalCost: money,
        }),
      }),
      attributes: z.object({
        'sku.id': z.string(),
        'sku.listPrice': z.number().int(),
        'sku.referencePrice': z.number().int(),
        'product.brand': z.string(),
        displayName: z.string(),
        priceContadoRN: z.number().int(),
        priceContadoLN: z.number().int(),
        priceLN: z.number().int(),
        priceContadoMG: z.number().int(),
        referencePriceContadoRN: z.number().int(),
        'hasRN-vep': z.boolean(),
        installmentPriceRN: z.number().int(),
      }),
    }),
  ),
  paging: z.object({
    page: z.number().int(),
    pageSize: z.number().int(),
    totalRecords: z.number().int(),
    totalPages: z.number().int(),
  }),
  facets: z.object({
    brands: z.array(z.string()),
    categories: z.array(z.string()),
    priceRange: z.object({ min: money, max: money }).nullable(),
  }),
  query: z.object({
    brands: z.array(z.string()),
    category: z.string().nullable(),
    minPrice: z.number().int().nullable(),
    maxPrice: z.number().int().nullable(),
    sort: z.enum(catalogueSorts as [CatalogueSort, ...CatalogueSort[]]),
    page: z.number().int(),
  }),
});

export const productAnswer = z.object({
  product: equipmentProduct,
});

export const relatedProducts = z.object({
  products: z.array(
    z.object({
      productId: z.string(),
      skuId: z.string(),
      productImage: z.string(),
      displayName: z.string(),
      brand: z.string(),
      url: z.string(),
      price: money,
    }),
  ),
});

export const equipmentPrices = z.object({
  equipmentId: z.string(),
  prices: z.array(
    z.object({
      skuId: z.string(),
      color: z.string(),
      storage: z.string(),
      listPrice: z.number().int(),
      referencePrice: z.number().int(),
      priceContadoRN: z.number().int(),
      priceContadoLN: z.number().int(),
      priceLN: z.number().int(),
      priceContadoMG: z.number().int(),
      referencePriceContadoRN: z.number().int(),
      installmentPriceRN: z.number().int(),
      installments: z.number().int(),
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
      renewalPrices: z.object({
        price: money,
        reference: money,
        installments: z.object({
          count: z.number().int(),
          amount: money,
          last: money,
          totalCost: money,
        }),
      }),
    }),
  ),
});

export const equipmentRange = z.object({
  equipmentId: z.string(),
  range: z.object({
    min: money,
    max: money,
  }),
});

export const vepPrices = z.object({
  equipmentId: z.string(),
  vepPrices: z.array(
    z.object({
      planID: z.string(),
      planName: z.string(),
      quotasValue: z.number().int(),
      initialQuota: money,
      quotas: money,
      equipmentValue: money,
    }),
  ),
});

export const priceValid = z.object({
  skuId: z.string(),
  valid: z.boolean(),
  renewal: z.boolean(),
  currentPrice: money,
});

export const insuranceList = z.object({
  insurances: z.array(
    z.object({
      id: z.string(),
      displayName: z.string(),
      description: z.string(),
      monthlyValue: z.number().int(),
      monthlyValueFormatted: z.string(),
      insuranceValidity: z.number().int(),
      eventsNumber: z.number().int(),
      deductibleCost: z.number().int(),
      deductibleCost2: z.number().int(),
      deductibleCostFormatted: z.string(),
      info: z.string(),
      exclusions: z.array(z.string()),
      enabled: z.boolean(),
      checked: z.boolean(),
    }),
  ),
});

export const campaignDetails = z.object({
  campaign: z.object({
    campaignID: z.string(),
    name: z.string(),
    description: z.string(),
    planID: z.string(),
    planName: z.string(),
    discountPercentage: z.number().int(),
    endsAt: z.string(),
  }),
  items: z.array(
    z.object({
      equipmentID: z.string(),
      skuId: z.string(),
      campaignID: z.string(),
      brand: z.string(),
      displayName: z.string(),
      backCamera: z.string(),
      frontCamera: z.string(),
      cpu: z.string(),
      price: money,
      listPrice: money,
      image: z.string(),
      inStock: z.boolean(),
      url: z.string(),
    }),
  ),
});

const named = z.object({ code: z.string(), name: z.string() });

/** The stores page: each store with its region, province and commune named. */
export const storeList = z.object({
  stores: z.array(
    z.object({ id: z.string(), name: z.string(), address: z.string(), openingHours: z.string(), region: named, province: named, commune: named }),
  ),
});

/** The pickup stores of an area (region and commune as codes). */
export const pickupStores = z.object({
  stores: z.array(z.object({ id: z.string(), name: z.string(), address: z.string(), openingHours: z.string(), region: z.string(), commune: z.string() })),
});

/** The cart, once more under `shoppingCart` (pages read either), and a failed order creation to show once. */
export const cartRead = cartView.extend({
  shoppingCart: cartView,
  orderCreationError: systemMessage.pick({ exceptionKey: true, messages: true, enableClicktoCall: true }).nullable(),
});

/** A cart change answers the cart, once more under `shoppingCart`. */
export const cartAnswer = cartView.extend({ shoppingCart: cartView });

export const insurancesAttached = cartAnswer.extend({ insurances: z.array(z.string()), skuId: z.string(), phoneNumber: z.string() });

export const cartWithOrder = z.object({ order: orderView.nullable(), shoppingCart: cartView });

export const cartInfo = z.object({
  priceInfo: cartView.pick({ totalPrice: true, nextMonthPrice: true, subTotalPrice: true, deliveryPrice: true, totalPointUsed: true }),
  issues: cartView.shape.issues,
  items: cartView.shape.items,
  order: orderView.nullable(),
  /** SPEC §3 checkout info cache: the journey, its SPEC §4 kind, the SIM card's price today, a port's number. */
  checkoutInfo: z.object({
    journey: z.enum(['equipment', 'plans']),
    journeyName: z.enum(['onlyEquipment', 'equipmentWithPortability', 'equipmentWithSimActivtion', 'onlyProtability', 'onlySimActivtion']),
    simCardPrice: z.number().int(),
    sourcePhoneNumber: z.string().nullable(),
  }),
  /** SPEC §3 purchase info: the equipments bought, and the plan with its monthly price. */
  purchaseInfo: z.object({
    equipments: z.array(z.object({ id: z.string(), name: z.string(), quantity: z.number().int(), price: z.number().int() })),
    plan: z.object({ id: z.string(), name: z.string(), price: z.number().int() }).nullable(),
  }),
});

export const suggestions = z.object({
  products: z.array(
    z.object({ skuId: z.string(), productId: z.string(), displayName: z.string(), color: z.string(), productImage: z.string(), price: z.number().int() }),
  ),
});

export const address = z
  .object({
    id: z.number().int(),
    region: z.string(),
    regionName: z.string(),
    province: z.string(),
    provinceName: z.string(),
    commune: z.string(),
    communeName: z.string(),
    streetName: z.string(),
    addressNumber: z.string(),
    detailsAddressNumber: z.string(),
  })
  .meta({ id: 'Address' });

export const addressAdded = z.object({ address, addresses: z.array(address) });

export const addressList = z.object({ addresses: z.array(address) });

export const cartWithShipping = cartAnswer.extend({ order: orderView.nullable() });

export const cartWithNewAddress = cartWithShipping.extend({ address, addresses: z.array(address) });

export const geoAddress = z.object({ valid: z.literal(true), coverage: z.literal(true), region: geoArea, province: geoArea, commune: geoArea });

export const coverageAnswer = z.object({ coverage });

export const regionList = z.object({
  regions: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
    }),
  ),
});

export const areaList = z.object({
  areas: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
    }),
  ),
});

export const buyerInfo = z.object({
  customer: z.object({
    document: z.string(),
    documentKind: z.string().optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    name: z.string(),
    email: z.string(),
    contactPhone: z.string().optional(),
    phoneNumber: z.string(),
  }),
  registrationReady: z.boolean(),
});

export const communeSearch = z.object({
  communes: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      province: z.string(),
      covered: z.boolean(),
      technology: z.string().nullable(),
    }),
  ),
});

export const orderAnswer = z.object({
  order: orderView,
});

export const paymentStarted = z.object({
  url: z.string(),
  orderNumber: z.string(),
  paymentMethod: z.string(),
});

export const paymentOptions = z.object({
  defaultPaymentMethod: z.string(),
  paymentMethods: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      kind: paymentKind,
      available: z.boolean(),
      reason: z.enum(['deliveryType', 'signedIn', 'points']).nullable(),
      signedInOnly: z.boolean().optional(),
      deliveryType: z.string().optional(),
      installments: z.boolean().optional(),
    }),
  ),
  /** The installment plans a card method (`installments` on the method) may choose for this total; empty: a single payment only. */
  installmentPlans: z.array(installmentPlan),
  pointsNeeded: z.number().int(),
  pointLines: z.array(
    z.object({
      id: z.number().int(),
      phoneNumber: z.string(),
      points: z.number().int(),
    }),
  ),
  offlineExpiryHours: z.number().int(),
  cashCodeExpiryHours: z.number().int(),
  /** The open order's payment state. */
  order: z
    .object({ number: z.string(), status: z.string(), paymentMethod: paymentMethodId.nullable(), expiresAt: z.string().nullable(), paymentFlag: z.boolean() })
    .nullable(),
  /** Whether this buyer must pass the reCAPTCHA before a method that holds stock unpaid, and the widget's provider. */
  recaptcha: z.object({
    required: z.boolean(),
    provider: z.enum(['sandbox', 'google']),
    siteKey: z.string(),
  }),
});

export const notified = z.object({
  code: z.string().optional(),
  status: z.string(),
  orderNumber: z.string().optional(),
  applied: z.boolean().optional(),
});

export const paymentFlag = z.object({
  orderNumber: z.string(),
  status: z.string(),
  paymentMethod: z.string(),
  paymentFlag: z.boolean(),
});

export const orderList = z.object({
  orders: z.array(
    z.object({
      number: z.string(),
      status: z.string(),
      createdAt: z.string(),
      currency: z.string(),
      totalPrice: z.number().int(),
      lines: z.array(
        z.object({
          name: z.string(),
          quantity: z.number().int(),
        }),
      ),
    }),
  ),
});

export const orderCancelled = z.object({
  number: z.string(),
  fromStatus: z.string(),
  refund: z.number().int(),
  pointsReturned: z.number().int(),
  replayed: z.boolean(),
  order: orderView,
});

export const recaptchaVerified = z.object({
  verified: z.boolean(),
});

export const renewalLines = z.object({
  lines: z.array(
    z.object({
      phoneNumber: z.string(),
      kind: z.string(),
      planName: z.string().nullable(),
      eligible: z.boolean(),
      reason: z.string().nullable(),
      renewableFrom: z.string().nullable(),
      message: z.string().nullable(),
    }),
  ),
  defaultPhoneNumber: z.string().nullable(),
});

const searchKind = z.enum(searchKinds as [SearchKind, ...SearchKind[]]);

export const catalogueSearch = z.object({
  /** The query as searched (trimmed, cut); empty when nothing searchable was asked. */
  query: z.string(),
  results: z.array(
    z.object({
      id: z.string(),
      kind: searchKind,
      title: z.string(),
      brand: z.string(),
      url: z.string(),
      image: z.string().nullable(),
      prices: z.object({
        price: money,
        reference: money.nullable(),
        installments: z.object({ count: z.number().int(), amount: money, last: money, totalCost: money }).nullable(),
      }),
      data: z.string().nullable(),
      promo: z.object({ price: money, months: z.number().int().nullable() }).nullable(),
    }),
  ),
  /** Every hit of the query, whatever the kind asked. */
  total: z.number().int(),
  facets: z.object({
    kinds: z.array(z.object({ kind: searchKind, count: z.number().int() })),
    brands: z.array(z.object({ brand: z.string(), count: z.number().int() })),
  }),
});

const priceBlockAnswer = z.object({
  price: money,
  reference: money.nullable(),
  installments: z.object({ count: z.number().int(), amount: money, last: money, totalCost: money }).nullable(),
});

export const comparison = z.object({
  phones: z.array(
    z.object({
      productId: z.string(),
      displayName: z.string(),
      brand: z.string(),
      url: z.string(),
      image: z.string().nullable(),
      inStock: z.boolean(),
      prices: priceBlockAnswer,
      specs: z.object(Object.fromEntries(COMPARE_SPECS.map((k) => [k, z.string().nullable()])) as Record<CompareSpec, z.ZodNullable<z.ZodString>>),
      storages: z.array(z.string()),
    }),
  ),
  /** Ids asked that are not a phone sold today (a shared link to one no longer sold). */
  missing: z.array(z.string()),
  /** Phones asked beyond the three compared. */
  extra: z.number().int(),
  /** Every other phone on sale, by name, for the "add a phone" picker. */
  choices: z.array(z.object({ productId: z.string(), displayName: z.string() })),
});
