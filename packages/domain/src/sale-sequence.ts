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

export type SaleAction = { type: 'choose'; option: SaleOption } | { type: 'next'; steps: readonly SaleStep[] } | { type: 'previous' } | { type: 'cancel' };

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

/** The number of the line that comes with a plan: a new one, or brought from another company. */
export type LineChoice = 'newLine' | 'portability';

/**
 * The journey labels of a product-page sale (SPEC §4).
 *
 * - 'Solo Equipo': an accessory (AC, flow-accesories), a renewal of a signed-in customer's phone
 *   (Contado - Reno, flow-renovation), or an unlocked phone (EL, flow-unlocked).
 * - 'Equipo + plan' with a new number activates a SIM (equipmentWithSimActivtion); bringing the number
 *   is equipmentWithPortability. A signed-in customer adds a line to the account (LLAA - LN / LLAA -
 *   Porta, flow-llaa-new-line / flow-llaa-portability). A visitor on a Blue page buys on the
 *   installment program (VEP: Linea Nueva / Porta, flow-vep); elsewhere the phone is paid in cash
 *   (Contado - LN / Contado - Porta, flow-pack-new-line / flow-pack-portability).
 */
export function saleFlow(input: { option: SaleOption; accessory: boolean; signedIn: boolean; blue: boolean; line?: LineChoice; renewal?: boolean }): SaleFlow {
  if (input.option === 'Single') {
    if (input.accessory) return { journeyKind: 'onlyEquipment', deliveryFlow: 'AC', selectedOption: 'accesorios', flowTag: 'flow-accesories' };
    if (input.renewal && input.signedIn)
      return { journeyKind: 'onlyEquipment', deliveryFlow: 'Contado - Reno', selectedOption: 'renovacion', flowTag: 'flow-renovation' };
    return { journeyKind: 'onlyEquipment', deliveryFlow: 'EL', selectedOption: 'liberado', flowTag: 'flow-unlocked' };
  }
  const port = input.line === 'portability';
  const base = port
    ? ({ journeyKind: 'equipmentWithPortability', selectedOption: 'portability' } as const)
    : ({ journeyKind: 'equipmentWithSimActivtion', selectedOption: 'newLine' } as const);
  if (input.signedIn)
    return port
      ? { ...base, deliveryFlow: 'LLAA - Porta', flowTag: 'flow-llaa-portability' }
      : { ...base, deliveryFlow: 'LLAA - LN', flowTag: 'flow-llaa-new-line' };
  if (input.blue) return { ...base, deliveryFlow: port ? 'Porta' : 'Linea Nueva', flowTag: 'flow-vep' };
  return port
    ? { ...base, deliveryFlow: 'Contado - Porta', flowTag: 'flow-pack-portability' }
    : { ...base, deliveryFlow: 'Contado - LN', flowTag: 'flow-pack-new-line' };
}

/**
 * The journey labels of a plan without a phone (the plans journey and additional lines): a SIM
 * activation (onlySimActivtion) or a port (onlyProtability); a visitor's is a new line or a port
 * (Linea Nueva / Porta, flow-plans / flow-plans-portability), a signed-in customer's an additional
 * line (LLAA - LN / LLAA - Porta, flow-llaa-new-line / flow-llaa-portability).
 */
export function planFlow(input: { signedIn: boolean; line: LineChoice }): SaleFlow {
  const port = input.line === 'portability';
  const base = port
    ? ({ journeyKind: 'onlyProtability', selectedOption: 'portability' } as const)
    : ({ journeyKind: 'onlySimActivtion', selectedOption: 'newLine' } as const);
  if (input.signedIn)
    return port
      ? { ...base, deliveryFlow: 'LLAA - Porta', flowTag: 'flow-llaa-portability' }
      : { ...base, deliveryFlow: 'LLAA - LN', flowTag: 'flow-llaa-new-line' };
  return port ? { ...base, deliveryFlow: 'Porta', flowTag: 'flow-plans-portability' } : { ...base, deliveryFlow: 'Linea Nueva', flowTag: 'flow-plans' };
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
  isPortability?: boolean;
  quotasValue?: number;
  initialQuota?: number;
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
  /** The customer brings the number: the plan line is a portability line (the cart then asks the company of origin). */
  portability?: boolean;
  /** A Blue phone's chosen option (SPEC §3 {product}BlueInfo): it travels on the phone's line, so the cart charges its initial quota. */
  installments?: { quotasValue: number; initialQuota: number };
}): PhonePlanLine[] {
  const campaign = input.campaignID ? { campaignID: input.campaignID } : {};
  const quota = input.installments ? { quotasValue: input.installments.quotasValue, initialQuota: input.installments.initialQuota } : {};
  return [
    { type: 'equipment', id: input.skuId, quantity: 1, ...campaign, ...quota, ...(input.insurances.length ? { insurances: input.insurances } : {}) },
    { type: 'plan', id: input.planId, quantity: 1, ...campaign, ...input.billing, ...(input.portability ? { isPortability: true } : {}) },
  ];
}

/** A cart line as the checkout info needs it. */
export interface CheckoutInfoLine {
  id: string;
  type: 'equipment' | 'plan';
  name: string;
  quantity: number;
  price: number;
  monthlyPrice: number;
  isPortability: boolean;
  planPhoneNumber: string | null;
}

/**
 * SPEC §3 "Checkout info cache" and "Purchase info" for a cart: which journey it is (`equipment` or
 * `plans`, and its SPEC §4 journey kind as `journeyName`), the plan's SIM card price today and monthly
 * price, the number a port brings (`sourcePhoneNumber`), and the equipments bought. Money in minor units.
 */
export function checkoutInfoOf(lines: ReadonlyArray<CheckoutInfoLine>) {
  const plan = lines.find((l) => l.type === 'plan') ?? null;
  const equipments = lines.filter((l) => l.type === 'equipment');
  const port = plan?.isPortability ?? false;
  const journeyName: JourneyKind =
    equipments.length === 0
      ? port
        ? 'onlyProtability'
        : 'onlySimActivtion'
      : plan === null
        ? 'onlyEquipment'
        : port
          ? 'equipmentWithPortability'
          : 'equipmentWithSimActivtion';
  return {
    checkoutInfo: {
      journey: equipments.length > 0 ? ('equipment' as const) : ('plans' as const),
      journeyName,
      simCardPrice: plan ? plan.price : 0,
      sourcePhoneNumber: port ? plan!.planPhoneNumber : null,
    },
    purchaseInfo: {
      equipments: equipments.map((e) => ({ id: e.id, name: e.name, quantity: e.quantity, price: e.price })),
      plan: plan ? { id: plan.id, name: plan.name, price: plan.monthlyPrice } : null,
    },
  };
}
