import { describe, expect, it } from 'vitest';
import { getMarket } from '../src/market.ts';
import {
  blueRentalRedirect,
  insuranceChoiceErrors,
  insuranceLineError,
  insuranceOfferEligible,
  orderDisplayProperties,
  priceBlock,
  productPath,
  renewalInstallment,
} from '../src/catalogue-product.ts';

const cl = getMarket('cl');
const pe = getMarket('pe');
const sku = {
  listPrice: 1199990,
  referencePrice: 1379990,
  priceContadoRN: 1055990,
  referencePriceContadoRN: 1310990,
  installmentPriceRN: 44000,
  installments: 24,
};

describe('priceBlock', () => {
  it('shows the list price, the higher reference struck, and the sku installments in Chile', () => {
    expect(priceBlock(sku, cl)).toEqual({
      price: { amount: 1199990, formatted: '$1.199.990' },
      reference: { amount: 1379990, formatted: '$1.379.990' },
      installments: {
        count: 24,
        amount: { amount: 50000, formatted: '$50.000' },
        last: { amount: 49990, formatted: '$49.990' },
        totalCost: { amount: 1199990, formatted: '$1.199.990' },
      },
    });
  });
  it('hides a reference price that is not higher', () => {
    expect(priceBlock({ ...sku, referencePrice: 1199990 }, cl).reference).toBeNull();
  });
  it('uses Peru 18 interest-free installments rounded up to the céntimo', () => {
    const block = priceBlock({ ...sku, listPrice: 100001, referencePrice: 0, installments: 18 }, pe);
    expect(block.installments).toEqual({
      count: 18,
      amount: { amount: 5556, formatted: 'S/ 55.56' },
      last: { amount: 5549, formatted: 'S/ 55.49' },
      totalCost: { amount: 100001, formatted: 'S/ 1,000.01' },
    });
  });
  it('shows renewal prices in the renewal catalogue', () => {
    const block = priceBlock(sku, cl, true);
    expect(block.price.amount).toBe(1055990);
    expect(block.reference?.amount).toBe(1310990);
    expect(block.installments?.amount.amount).toBe(44000);
  });
  it('gives the installmentPriceRN attribute and the renewal price block the same amount', () => {
    for (const market of [cl, pe]) {
      const renewal = { ...sku, priceContadoRN: 210_000 };
      expect(renewalInstallment(renewal, market)).toBe(priceBlock(renewal, market, true).installments!.amount.amount);
    }
    expect(renewalInstallment({ priceContadoRN: 210_000, installments: 18 }, pe)).toBe(11667);
  });
});

describe('product addresses and the blue-rental redirect', () => {
  it('puts accessories under accesorios and phones under Equipos', () => {
    expect(productPath('accessory', 'PO_AC_X')).toBe('/personas/producto/accesorios/PO_AC_X');
    expect(productPath('refurbished', 'PO_EQ_Y')).toBe('/personas/producto/Equipos/PO_EQ_Y');
  });
  it('redirects the blue-rental path to the generic one only without blue info, keeping the query', () => {
    expect(blueRentalRedirect('/personas/producto/Equipos/arriendo-blue/PO_EQ_A', '?x=1', false)).toBe('/personas/producto/Equipos/PO_EQ_A?x=1');
    expect(blueRentalRedirect('/personas/producto/Equipos/arriendo-blue/PO_EQ_A', '', true)).toBeNull();
    expect(blueRentalRedirect('/personas/producto/Equipos/PO_EQ_A', '', false)).toBeNull();
  });
  it('orders colour first among display properties', () => {
    expect(orderDisplayProperties([{ name: 'storage' }, { name: 'color' }]).map((p) => p.name)).toEqual(['color', 'storage']);
  });
});

describe('insurance offer', () => {
  it('is for signed-in customers (securityStatus 4) of markets that offer it: Chile, not Peru', () => {
    expect(insuranceOfferEligible(4, cl)).toBe(true);
    expect(insuranceOfferEligible(0, cl)).toBe(false);
    expect(insuranceOfferEligible(undefined, cl)).toBe(false);
    expect(insuranceOfferEligible(4, pe)).toBe(false);
  });
  it('lets a cart line carry insurances: never an accessory; a phone with a plan anywhere; a phone alone like the offer', () => {
    const phone = { productKind: 'phone', withPlan: false, signedIn: true };
    expect(insuranceLineError(phone, cl)).toBeNull();
    expect(insuranceLineError({ ...phone, signedIn: false }, cl)).toBe('pp.error.cart.insurance.login');
    expect(insuranceLineError(phone, pe)).toBe('pp.error.cart.insurance.market');
    expect(insuranceLineError({ ...phone, withPlan: true, signedIn: false }, pe)).toBeNull();
    expect(insuranceLineError({ ...phone, productKind: 'accessory', withPlan: true }, cl)).toBe('pp.error.cart.insurance.product');
  });
  const catalogue = [
    { id: 'ROBO', exclusions: ['TOTAL'] },
    { id: 'PANTALLA', exclusions: [] },
    { id: 'TOTAL', exclusions: [] },
  ];
  it('accepts compatible choices and rejects unknown, repeated and mutually excluded ones', () => {
    expect(insuranceChoiceErrors([], catalogue)).toEqual([]);
    expect(insuranceChoiceErrors(['ROBO', 'PANTALLA'], catalogue)).toEqual([]);
    // exclusion listed on one side only still conflicts
    expect(insuranceChoiceErrors(['TOTAL', 'ROBO'], catalogue)).toEqual(['product.error.insurance.excluded']);
    expect(insuranceChoiceErrors(['NOPE'], catalogue)).toEqual(['product.error.insurance.unknown']);
    expect(insuranceChoiceErrors(['ROBO', 'ROBO'], catalogue)).toEqual(['product.error.insurance.duplicate']);
  });
});
