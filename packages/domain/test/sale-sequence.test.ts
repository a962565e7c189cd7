import { describe, expect, it } from 'vitest';
import {
  checkoutInfoOf,
  canContinuePicker,
  canContinueSaleStep,
  currentSaleStep,
  initialSaleState,
  installmentFor,
  installmentSlides,
  isLastSaleStep,
  phonePlanLines,
  planFlow,
  saleFlow,
  saleSequence,
  saleSteps,
  type SaleState,
} from '../src/sale-sequence.ts';
import { saleSequenceEvents } from '../src/sale-sequence-events.ts';

const blue = saleSteps('andes-blue', 'andes');
const other = saleSteps('other', 'andes');

describe('saleSteps', () => {
  it('gives Blue pages the installment slides first', () => {
    expect(blue).toEqual(['installments', 'plan', 'billing', 'insurance']);
    expect(other).toEqual(['plan', 'billing', 'insurance']);
  });

  it('asks the brand for the Blue page type', () => {
    expect(saleSteps('acme-blue', 'acme')).toEqual(blue);
    expect(saleSteps('andes-blue', 'acme')).toEqual(other);
  });
});

describe('saleSequence', () => {
  it('starts with no option and index -1', () => {
    expect(initialSaleState).toEqual({ option: null, index: -1 });
    expect(currentSaleStep(blue, initialSaleState)).toBeNull();
  });

  it('moves to the first step on Equipo + plan and keeps -1 on Solo Equipo', () => {
    const plan = saleSequence(initialSaleState, { type: 'choose', option: 'EquipPlan' });
    expect(plan).toEqual({ option: 'EquipPlan', index: 0 });
    expect(currentSaleStep(blue, plan)).toBe('installments');
    expect(currentSaleStep(other, plan)).toBe('plan');
    const single = saleSequence(plan, { type: 'choose', option: 'Single' });
    expect(single).toEqual({ option: 'Single', index: -1 });
    expect(currentSaleStep(blue, single)).toBeNull();
  });

  it('moves +1 and -1 through the steps and stops at the last', () => {
    let s: SaleState = saleSequence(initialSaleState, { type: 'choose', option: 'EquipPlan' });
    const seen = [currentSaleStep(blue, s)];
    for (let i = 0; i < 5; i++) {
      s = saleSequence(s, { type: 'next', steps: blue });
      seen.push(currentSaleStep(blue, s));
    }
    expect(seen).toEqual(['installments', 'plan', 'billing', 'insurance', 'insurance', 'insurance']);
    expect(s.index).toBe(3);
    expect(isLastSaleStep(blue, s)).toBe(true);
    s = saleSequence(s, { type: 'previous' });
    expect(s).toEqual({ option: 'EquipPlan', index: 2 });
    expect(isLastSaleStep(blue, s)).toBe(false);
  });

  it('goes back to the option choice from the first step', () => {
    const first = saleSequence(initialSaleState, { type: 'choose', option: 'EquipPlan' });
    expect(saleSequence(first, { type: 'previous' })).toEqual(initialSaleState);
    expect(saleSequence(initialSaleState, { type: 'previous' })).toEqual(initialSaleState);
  });

  it('ignores next without Equipo + plan', () => {
    const single = saleSequence(initialSaleState, { type: 'choose', option: 'Single' });
    expect(saleSequence(single, { type: 'next', steps: other })).toBe(single);
    expect(saleSequence(initialSaleState, { type: 'next', steps: other })).toBe(initialSaleState);
  });

  it('cancel resets option and step to none from anywhere', () => {
    let s = saleSequence(initialSaleState, { type: 'choose', option: 'EquipPlan' });
    s = saleSequence(s, { type: 'next', steps: other });
    expect(saleSequence(s, { type: 'cancel' })).toEqual({ option: null, index: -1 });
  });
});

describe('saleFlow', () => {
  it('labels Equipo + plan as a new line with SIM activation', () => {
    expect(saleFlow({ option: 'EquipPlan', accessory: false, signedIn: false, blue: false })).toEqual({
      journeyKind: 'equipmentWithSimActivtion',
      deliveryFlow: 'Contado - LN',
      selectedOption: 'newLine',
      flowTag: 'flow-pack-new-line',
    });
    expect(saleFlow({ option: 'EquipPlan', accessory: false, signedIn: false, blue: true }).deliveryFlow).toBe('Linea Nueva');
    expect(saleFlow({ option: 'EquipPlan', accessory: false, signedIn: false, blue: true }).flowTag).toBe('flow-vep');
    expect(saleFlow({ option: 'EquipPlan', accessory: false, signedIn: true, blue: true })).toMatchObject({
      deliveryFlow: 'LLAA - LN',
      flowTag: 'flow-llaa-new-line',
    });
  });

  it('labels Equipo + plan bringing the number as a port', () => {
    const port = (signedIn: boolean, blue: boolean) => saleFlow({ option: 'EquipPlan', accessory: false, signedIn, blue, line: 'portability' });
    expect(port(false, false)).toEqual({
      journeyKind: 'equipmentWithPortability',
      deliveryFlow: 'Contado - Porta',
      selectedOption: 'portability',
      flowTag: 'flow-pack-portability',
    });
    expect(port(false, true)).toMatchObject({ deliveryFlow: 'Porta', flowTag: 'flow-vep' });
    expect(port(true, true)).toMatchObject({ journeyKind: 'equipmentWithPortability', deliveryFlow: 'LLAA - Porta', flowTag: 'flow-llaa-portability' });
  });

  it('labels a signed-in renewal of the phone as Contado - Reno', () => {
    expect(saleFlow({ option: 'Single', accessory: false, signedIn: true, blue: false, renewal: true })).toEqual({
      journeyKind: 'onlyEquipment',
      deliveryFlow: 'Contado - Reno',
      selectedOption: 'renovacion',
      flowTag: 'flow-renovation',
    });
    // a visitor cannot renew a line: the phone is an unlocked sale
    expect(saleFlow({ option: 'Single', accessory: false, signedIn: false, blue: false, renewal: true }).deliveryFlow).toBe('EL');
  });

  it('labels plan journeys without a phone', () => {
    expect(planFlow({ signedIn: false, line: 'newLine' })).toEqual({
      journeyKind: 'onlySimActivtion',
      deliveryFlow: 'Linea Nueva',
      selectedOption: 'newLine',
      flowTag: 'flow-plans',
    });
    expect(planFlow({ signedIn: false, line: 'portability' })).toEqual({
      journeyKind: 'onlyProtability',
      deliveryFlow: 'Porta',
      selectedOption: 'portability',
      flowTag: 'flow-plans-portability',
    });
    expect(planFlow({ signedIn: true, line: 'newLine' })).toMatchObject({ deliveryFlow: 'LLAA - LN', flowTag: 'flow-llaa-new-line' });
    expect(planFlow({ signedIn: true, line: 'portability' })).toMatchObject({
      journeyKind: 'onlyProtability',
      deliveryFlow: 'LLAA - Porta',
      flowTag: 'flow-llaa-portability',
    });
  });

  it('puts the portability flag on the plan line of a phone with a brought number', () => {
    const lines = phonePlanLines({ skuId: 's', planId: 'p', insurances: [], campaignID: null, billing: {}, portability: true });
    expect(lines[1]).toEqual({ type: 'plan', id: 'p', quantity: 1, isPortability: true });
    expect(phonePlanLines({ skuId: 's', planId: 'p', insurances: [], campaignID: null, billing: {} })[1]).not.toHaveProperty('isPortability');
  });

  it('labels Solo Equipo as equipment only', () => {
    expect(saleFlow({ option: 'Single', accessory: false, signedIn: true, blue: true })).toEqual({
      journeyKind: 'onlyEquipment',
      deliveryFlow: 'EL',
      selectedOption: 'liberado',
      flowTag: 'flow-unlocked',
    });
    expect(saleFlow({ option: 'Single', accessory: true, signedIn: false, blue: false })).toMatchObject({
      deliveryFlow: 'AC',
      selectedOption: 'accesorios',
      flowTag: 'flow-accesories',
    });
  });

  it('travels in the step events', () => {
    const flow = saleFlow({ option: 'EquipPlan', accessory: false, signedIn: false, blue: true });
    expect(saleSequenceEvents.step('cl', flow, 'plan', 1)).toEqual({
      event: 'sale_step',
      site: 'cl',
      sale_step: 'plan',
      sale_step_index: 1,
      journey_kind: 'equipmentWithSimActivtion',
      delivery_flow: 'Linea Nueva',
      selected_option: 'newLine',
      flow_tag: 'flow-vep',
    });
  });
});

describe('installments', () => {
  const options = [
    { planID: 'B50', quotasValue: 24, initialQuota: 100, quotas: 40 },
    { planID: 'B50', quotasValue: 12, initialQuota: 100, quotas: 80 },
    { planID: 'B120', quotasValue: 12, initialQuota: 0, quotas: 75 },
    { planID: 'B120', quotasValue: 24, initialQuota: 0, quotas: 38 },
  ];

  it('makes one slide per installment count with its lowest quota', () => {
    expect(installmentSlides(options)).toEqual([
      { quotasValue: 12, fromQuota: 75 },
      { quotasValue: 24, fromQuota: 38 },
    ]);
    expect(installmentSlides([])).toEqual([]);
  });

  it('finds a plan option at the chosen count', () => {
    expect(installmentFor(options, 'B120', 24)?.quotas).toBe(38);
    expect(installmentFor(options, 'B120', 18)).toBeUndefined();
    expect(installmentFor(options, 'B120', null)).toBeUndefined();
  });
});

describe('continue rules', () => {
  const base = { quotasValue: null, planId: null, billingReady: false, campaignRequired: false, conditionsAccepted: false };

  it('needs an installment option, a plan and billing delivery', () => {
    expect(canContinueSaleStep('installments', base)).toBe(false);
    expect(canContinueSaleStep('installments', { ...base, quotasValue: 12 })).toBe(true);
    expect(canContinueSaleStep('plan', base)).toBe(false);
    expect(canContinueSaleStep('plan', { ...base, planId: 'B50' })).toBe(true);
    expect(canContinueSaleStep('billing', base)).toBe(false);
    expect(canContinueSaleStep('billing', { ...base, billingReady: true })).toBe(true);
  });

  it('needs the campaign conditions on the last step only when there is a campaign', () => {
    expect(canContinueSaleStep('insurance', base)).toBe(true);
    expect(canContinueSaleStep('insurance', { ...base, campaignRequired: true })).toBe(false);
    expect(canContinueSaleStep('insurance', { ...base, campaignRequired: true, conditionsAccepted: true })).toBe(true);
  });

  it('Peru picker needs the conditions and an equipment', () => {
    expect(canContinuePicker({ conditionsAccepted: true, equipmentId: null })).toBe(false);
    expect(canContinuePicker({ conditionsAccepted: false, equipmentId: 'x' })).toBe(false);
    expect(canContinuePicker({ conditionsAccepted: true, equipmentId: 'x' })).toBe(true);
  });
});

describe('phonePlanLines', () => {
  it('puts insurances on the phone, billing contact on the plan, the campaign on both', () => {
    expect(
      phonePlanLines({
        skuId: 'sku_1',
        planId: 'P1',
        insurances: ['INS_A'],
        campaignID: 'CMP',
        billing: { billing_email: 'a@b.cl', billing_msisdn: '912345678' },
      }),
    ).toEqual([
      { type: 'equipment', id: 'sku_1', quantity: 1, campaignID: 'CMP', insurances: ['INS_A'] },
      { type: 'plan', id: 'P1', quantity: 1, campaignID: 'CMP', billing_email: 'a@b.cl', billing_msisdn: '912345678' },
    ]);
  });

  it('leaves out what was not chosen', () => {
    expect(phonePlanLines({ skuId: 'sku_1', planId: 'P1', insurances: [], campaignID: null, billing: { billing_msisdn: '912345678' } })).toEqual([
      { type: 'equipment', id: 'sku_1', quantity: 1 },
      { type: 'plan', id: 'P1', quantity: 1, billing_msisdn: '912345678' },
    ]);
  });
});

describe('checkout and purchase info (SPEC §3)', () => {
  const phone = {
    id: 'sku_A_1',
    type: 'equipment' as const,
    name: 'Moto',
    quantity: 1,
    price: 379990,
    monthlyPrice: 0,
    isPortability: false,
    planPhoneNumber: null,
  };
  const plan = {
    id: 'PO_PLAN_LIBRE_40',
    type: 'plan' as const,
    name: 'Libre 40 GB',
    quantity: 1,
    price: 2990,
    monthlyPrice: 24990,
    isPortability: false,
    planPhoneNumber: null,
  };

  it('names the journey by SPEC §4 kinds, the SIM card price today, the plan monthly and the port’s number', () => {
    expect(checkoutInfoOf([phone, plan])).toEqual({
      checkoutInfo: { journey: 'equipment', journeyName: 'equipmentWithSimActivtion', simCardPrice: 2990, sourcePhoneNumber: null },
      purchaseInfo: {
        equipments: [{ id: 'sku_A_1', name: 'Moto', quantity: 1, price: 379990 }],
        plan: { id: 'PO_PLAN_LIBRE_40', name: 'Libre 40 GB', price: 24990 },
      },
    });
    const port = { ...plan, isPortability: true, planPhoneNumber: '912345678' };
    expect(checkoutInfoOf([port]).checkoutInfo).toEqual({
      journey: 'plans',
      journeyName: 'onlyProtability',
      simCardPrice: 2990,
      sourcePhoneNumber: '912345678',
    });
    expect(checkoutInfoOf([phone, port]).checkoutInfo.journeyName).toBe('equipmentWithPortability');
    expect(checkoutInfoOf([plan]).checkoutInfo.journeyName).toBe('onlySimActivtion');
    expect(checkoutInfoOf([phone])).toMatchObject({ checkoutInfo: { journeyName: 'onlyEquipment', simCardPrice: 0 }, purchaseInfo: { plan: null } });
  });
});
