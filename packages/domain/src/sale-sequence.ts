/**
 * The equipment purchase sequence of the product page (SPEC §3 "Selected equipment option", §4
 * "Equipment purchase sequence", journey kinds, delivery flow labels, selected option values, flow tags).
 */
import { constants } from './market.ts';
import { moveSaleSequence } from './quantities.ts';

/** 'Solo Equipo' or 'Equipo + plan'. */
export type SaleOption = 'Single' | 'EquipPlan';

export type SaleStep = 'installments' | 'plan' | 'billing' | 'insurance';

const BLUE_STEPS: readonly SaleStep[] = ['installments', 'plan', 'billing', 'insurance'];
const PLAN_STEPS: readonly SaleStep[] = ['plan', 'billing', 'insurance'];

/** Whether a product page sells through the {product}Blue installment program. */
export function isBluePage(pageType: string, brand: string): boolean {
  return pageType === `${brand}-blue`;
}

/** The steps shown after 'Equipo + plan': Blue pages start with the installment slides. */
export function saleSteps(pageType: string, brand: string): readonly SaleStep[] {
  return isBluePage(pageType, brand) ? BLUE_STEPS : PLAN_STEPS;
}

export interface SaleState {
  option: SaleOption | null;
  /** −1 (SPEC §9 default) means no step is shown. */
  index: number;
}

export const initialSaleState: SaleState = { option: null, index: constants.saleSequenceIndexDefault };

export type SaleAction =
  | { type: 'choose'; option: SaleOption }
  | { type: 'next'; steps: readonly SaleStep[] }
  | { type: 'previous' }
  | { type: 'cancel' };

/**
 * The sequence as a reducer. Choosing 'Equipo + plan' moves to its first step; 'Solo Equipo' keeps the
 * index at −1 (its quantity panel is not a step). Next stops at the last step; previous from the first
 * step goes back to −1 and so to the option choice. Cancel resets option and step to none.
 */
export function saleSequence(state: SaleState, action: SaleAction): SaleState {
  switch (action.type) {
    case 'choose':
      if (action.option === 'Single') return { option: 'Single', index: constants.saleSequenceIndexDefault };
      return { option: 'EquipPlan', index: moveSaleSequence(constants.saleSequenceIndexDefault, 'next') };
    case 'next':
      if (state.option !== 'EquipPlan' || state.index >= action.steps.length - 1) return state;
      return { ...state, index: moveSaleSequence(state.index, 'next') };
    case 'previous': {
      const index = moveSaleSequence(state.index, 'previous');
      return index === constants.saleSequenceIndexDefault ? initialSaleState : { ...state, index };
    }
    case 'cancel':
      return initialSaleState;
  }
}

/** The step the index points at, or null when none is shown. */
export function currentSaleStep(steps: readonly SaleStep[], state: SaleState): SaleStep | null {
  if (state.option !== 'EquipPlan') return null;
  return steps[state.index] ?? null;
}

export function isLastSaleStep(steps: readonly SaleStep[], state: SaleState): boolean {
  return state.option === 'EquipPlan' && state.index === steps.length - 1;
}

export type JourneyKind = 'onlyEquipment' | 'equipmentWithPortability' | 'equipmentWithSimActivtion' | 'onlyProtability' | 'onlySimActivtion';
export type DeliveryFlowLabel = 'LLAA - Porta' | 'LLAA - LN' | 'Contado - Reno' | 'AC' | 'EL' | 'Linea Nueva' | 'Porta' | 'Contado - Porta' | 'Contado - LN';
export type SelectedOptionValue = 'accesorios' | 'liberado' | 'renovacion' | 'newLine' | 'portability';
export type FlowTag =
  | 'flow-pack'
  | 'flow-vep'
  | 'flow-plans'
  | 'flow-llaa'
  | 'flow-llaa-new-line'
  | 'flow-llaa-portability'
  | 'flow-unlocked'
  | 'flow-accesories'
  | 'flow-pack-new-line'
  | 'flow-pack-portability'
  | 'flow-plans-portability'
  | 'flow-renovation';

export interface SaleFlow {
  journeyKind: JourneyKind;
  deliveryFlow: DeliveryFlowLabel;
  selectedOption: SelectedOptionValue;
  flowTag: FlowTag;
}

/**
 * The journey labels of a product-page sale. 'Solo Equipo' is an equipment-only purchase (accessory or
 * unlocked phone). 'Equipo + plan' activates a new line's SIM with the phone: for a signed-in customer
 * it is an additional line (LLAA), for a visitor a new line; a Blue page sells the phone on the
 * installment program (VEP, the Blue equipment sale) and so carries the VEP tag.
 */
export function saleFlow(input: { option: SaleOption; accessory: boolean; signedIn: boolean; blue: boolean }): SaleFlow {
  if (input.option === 'Single') {
    return input.accessory
      ? { journeyKind: 'onlyEquipment', deliveryFlow: 'AC', selectedOption: 'accesorios', flowTag: 'flow-accesories' }
      : { journeyKind: 'onlyEquipment', deliveryFlow: 'EL', selectedOption: 'liberado', flowTag: 'flow-unlocked' };
  }
  const base = { journeyKind: 'equipmentWithSimActivtion', selectedOption: 'newLine' } as const;
  if (input.signedIn) return { ...base, deliveryFlow: 'LLAA - LN', flowTag: 'flow-llaa-new-line' };
  return { ...base, deliveryFlow: 'Linea Nueva', flowTag: input.blue ? 'flow-vep' : 'flow-pack-new-line' };
}

export interface InstallmentOption {
  planID: string;
  quotasValue: number;
  initialQuota: number;
  quotas: number;
}

/** The installment counts a Blue page offers (one slide each), ascending, with the lowest monthly quota of each. */
export function installmentSlides(options: ReadonlyArray<InstallmentOption>): Array<{ quotasValue: number; fromQuota: number }> {
  const lowest = new Map<number, number>();
  for (const o of options) lowest.set(o.quotasValue, Math.min(lowest.get(o.quotasValue) ?? Number.POSITIVE_INFINITY, o.quotas));
  return [...lowest.entries()].sort((a, b) => a[0] - b[0]).map(([quotasValue, fromQuota]) => ({ quotasValue, fromQuota }));
}

/** The option of a plan at the chosen installment count, if the page offers it. */
export function installmentFor<T extends InstallmentOption>(options: ReadonlyArray<T>, planID: string, quotasValue: number | null): T | undefined {
  return quotasValue === null ? undefined : options.find((o) => o.planID === planID && o.quotasValue === quotasValue);
}

/**
 * Whether a step lets the customer continue: installments need a count, the plan step a plan, billing
 * delivery its own rule (billing-delivery.ts, passed in), and the last step any campaign's conditions.
 */
export function canContinueSaleStep(
  step: SaleStep,
  s: { quotasValue: number | null; planId: string | null; billingReady: boolean; campaignRequired: boolean; conditionsAccepted: boolean },
): boolean {
  switch (step) {
    case 'installments':
      return s.quotasValue !== null;
    case 'plan':
      return s.planId !== null;
    case 'billing':
      return s.billingReady;
    case 'insurance':
      return !s.campaignRequired || s.conditionsAccepted;
  }
}

/** Peru's equipment picker continues only with the conditions ticked and an equipment chosen (SPEC §5). */
export function canContinuePicker(s: { conditionsAccepted: boolean; equipmentId: string | null }): boolean {
  return s.conditionsAccepted && s.equipmentId !== null;
}

/** SPEC §2 "Device and accessory sales": Peru's picker and the equipment details page it leads to. */
export const PICKER_PATHS = {
  picker: '/personas/productoV1/equiposPeru',
  details: '/personas/productoV1/equiposDetailsPeru/',
} as const;

export function pickerPath(campaignID: string): string {
  return `${PICKER_PATHS.picker}?campaignID=${encodeURIComponent(campaignID)}`;
}

export function pickerDetailsPath(productId: string, campaignID: string): string {
  return `${PICKER_PATHS.details}${encodeURIComponent(productId)}?campaignID=${encodeURIComponent(campaignID)}`;
}

export type PhonePlanLine = {
  type: 'equipment' | 'plan';
  id: string;
  quantity: number;
  campaignID?: string;
  billing_email?: string;
  billing_msisdn?: string;
  insurances?: string[];
};

/**
 * The two lines of `POST /restpp/order/add` (SPEC §7) that put the phone and its plan in the cart
 * together: the insurances ride on the phone, the billing contact on the plan, the campaign on both.
 */
export function phonePlanLines(input: {
  skuId: string;
  planId: string;
  insurances: string[];
  campaignID: string | null;
  billing: { billing_email?: string; billing_msisdn?: string };
}): PhonePlanLine[] {
  const campaign = input.campaignID ? { campaignID: input.campaignID } : {};
  return [
    { type: 'equipment', id: input.skuId, quantity: 1, ...campaign, ...(input.insurances.length ? { insurances: input.insurances } : {}) },
    { type: 'plan', id: input.planId, quantity: 1, ...campaign, ...input.billing },
  ];
}
