import { describe, expect, it } from 'vitest';
import { isRenewalVisit, renewalLineError, renewalMode, renewalProductPath, RENEWAL_PATHS } from '../src/renewal.ts';
import { PLAN_CATALOGUE_PAGES } from '../src/plans-sale.ts';
import { saleFlow } from '../src/sale-sequence.ts';

describe('a renewal visit', () => {
  it('is what the renewal catalogue links: the product page with flujo=renovacion', () => {
    const path = renewalProductPath('phone', 'PO_EQ_X 1');
    expect(path).toBe('/personas/producto/Equipos/PO_EQ_X%201?flujo=renovacion');
    expect(isRenewalVisit(new URL(path, 'http://x').searchParams)).toBe(true);
    expect(isRenewalVisit(new URLSearchParams('flujo=liberado'))).toBe(false);
    expect(isRenewalVisit(new URLSearchParams(''))).toBe(false);
  });

  it('sells as a renewal only to a signed-in customer, on a phone sold for renewal; a visitor is asked to sign in', () => {
    expect(renewalMode({ requested: true, productRenewal: true, signedIn: true })).toBe('renewal');
    expect(renewalMode({ requested: true, productRenewal: true, signedIn: false })).toBe('signIn');
    expect(renewalMode({ requested: true, productRenewal: false, signedIn: true })).toBeNull();
    expect(renewalMode({ requested: false, productRenewal: true, signedIn: true })).toBeNull();
  });

  it("labels the renewal's 'Solo Equipo' Contado - Reno, and only for a signed-in customer", () => {
    const mode = renewalMode({ requested: true, productRenewal: true, signedIn: true });
    expect(saleFlow({ option: 'Single', accessory: false, signedIn: true, blue: false, renewal: mode === 'renewal' })).toMatchObject({ deliveryFlow: 'Contado - Reno', flowTag: 'flow-renovation' });
    expect(saleFlow({ option: 'Single', accessory: false, signedIn: false, blue: false, renewal: true })).toMatchObject({ deliveryFlow: 'EL', flowTag: 'flow-unlocked' });
  });

  it('the renewal plan catalogue leads to the renewal phones', () => {
    expect(PLAN_CATALOGUE_PAGES[RENEWAL_PATHS.plans]).toMatchObject({ variant: 'renewal', contractPath: RENEWAL_PATHS.phones });
  });
});

describe('a renewal cart line', () => {
  const line = { type: 'equipment' as const, productRenewal: true, signedIn: true, withPlan: false, campaign: false, quantityAfter: 1 };

  it('is one phone sold for renewal, bought alone by a signed-in customer', () => {
    expect(renewalLineError(line)).toBeNull();
    expect(renewalLineError({ ...line, signedIn: false })).toBe('pp.error.cart.renewal.login');
    expect(renewalLineError({ ...line, productRenewal: false })).toBe('pp.error.cart.renewal.product');
    expect(renewalLineError({ ...line, type: 'plan' })).toBe('pp.error.cart.renewal.product');
    expect(renewalLineError({ ...line, withPlan: true })).toBe('pp.error.cart.renewal.combined');
    expect(renewalLineError({ ...line, campaign: true })).toBe('pp.error.cart.renewal.combined');
    expect(renewalLineError({ ...line, quantityAfter: 2 })).toBe('pp.error.cart.renewal.quantity');
  });
});
