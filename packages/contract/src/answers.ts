import type { z } from 'zod';
import type { Answer } from './caller.ts';
import type { cartView, equipmentProduct, line, money, orderView, plan, profile, ticket } from './answers/models.ts';

/**
 * Names for the server's answers and their parts, as the web app reads them: every one is the type of
 * a schema of the registry (routes.ts), so the app re-types no answer by hand.
 */
export type Money = z.output<typeof money>;
export type Profile = z.output<typeof profile>;
export type CustomerLine = z.output<typeof line>;
export type Ticket = z.output<typeof ticket>;

export type Cart = z.output<typeof cartView>;
export type CartItem = Cart['items'][number];
export type RecheckIssue = Cart['issues'][number];
export type OrderView = z.output<typeof orderView>;
export type OrderSummary = Answer<'GET /restpp/order/list'>['orders'][number];
export type PaymentOptions = Answer<'GET /restpp/order/payment/po'>;
export type Suggestion = Answer<'GET /restpp/order/suggestions'>['products'][number];

export type CatalogueList = Answer<'GET /restpp/catalogue/products'>;
export type CatalogueRecord = CatalogueList['records'][number];
export type EquipmentProduct = z.output<typeof equipmentProduct>;
export type ProductSku = EquipmentProduct['skus'][number];
export type BlueOption = EquipmentProduct['andesBlueInfo'][number];
export type SkuPrice = Answer<'GET /restpp/equipments/prices/:equipmentId'>['prices'][number];
export type PriceRange = Answer<'GET /restpp/equipments/ranges/:equipmentId'>['range'];
export type VepPrice = Answer<'GET /restpp/equipments/vepprices/:equipmentId'>['vepPrices'][number];
export type Insurance = Answer<'GET /restpp/meta/insurances'>['insurances'][number];
export type RelatedProduct = Answer<'GET /restpp/catalogue/related/:productId'>['products'][number];
export type RenewalLines = Answer<'GET /restpp/order/renewal/lines'>;
export type CampaignDetails = Answer<'GET /restpp/asset/campaign/product/details'>;
export type CampaignItem = CampaignDetails['items'][number];

export type Plan = z.output<typeof plan>;
export type PlansAnswer = Answer<'GET /restpp/subscriber/plans'>;
export type PlanGroups = Pick<PlansAnswer, 'postpaidPlans' | 'hybridPlans' | 'blue'>;

export type PortabilityAnswer = Answer<'GET /restpp/subscriber/portability/originalInfo'>;
export type PortabilityRequest = PortabilityAnswer['request'];
export type JourneyRequirements = Answer<'GET /restpp/subscriber/active/requirements'>;
