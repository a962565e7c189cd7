import { describe, expect, it } from 'vitest';
import { getMarket } from '../src/market.ts';
import { validate } from '../src/validation.ts';
import { isMigrationPlan, migrationBlocker, migrationCharge, migrationInputs, migrationOutcome, profiledPlans } from '../src/migration.ts';
import { mobileInputs, mobileRequestNumber } from '../src/migration-mobile.ts';

const plan = (id: string, customerGroup: string, price: number, showInActivationFlow = true) => ({ id, customerGroup, price, showInActivationFlow });
const catalogue = [
  plan('LIBRE_80', 'postpaidPlans', 27990),
  plan('LIBRE_30', 'postpaidPlans', 21990),
  plan('CONTROLADO_25', 'hybridPlans', 22990),
  plan('BLUE_50', 'blue', 29990),
  plan('LIBRE_HIDDEN', 'postpaidPlans', 19990, false),
  plan('LIBRE_80_V2', 'postpaidPlans', 28990),
];

describe('migration rules', () => {
  it('offers Libres and Controlado plans flagged for the activation flow, not Blue or hidden ones', () => {
    expect(catalogue.filter(isMigrationPlan).map((p) => p.id)).toEqual(['LIBRE_80', 'LIBRE_30', 'CONTROLADO_25', 'LIBRE_80_V2']);
  });

  it('lets only an active prepaid line migrate', () => {
    expect(migrationBlocker({ kind: 'prepaid', status: 'active' })).toBeNull();
    expect(migrationBlocker({ kind: 'postpaid', status: 'active' })).toBe('migration.error.notPrepaid');
    expect(migrationBlocker({ kind: 'hybrid', status: 'active' })).toBe('migration.error.notPrepaid');
    expect(migrationBlocker({ kind: 'prepaid', status: 'suspended' })).toBe('migration.error.lineInactive');
  });

  it('charges the first month of the new plan, at its promotional price when it has one', () => {
    expect(migrationCharge({ price: 21990, commercePrice: 21990, discountMonths: null })).toBe(21990);
    expect(migrationCharge({ price: 24990, commercePrice: 12500, discountMonths: 6 })).toBe(12500);
  });

  it('approves only an authorized payment of this exact order and amount', () => {
    const expected = { amount: 21990, buyOrder: 'MG1' };
    const ok = { status: 'AUTHORIZED', responseCode: 0, amount: 21990, buyOrder: 'MG1' };
    expect(migrationOutcome(ok, expected)).toBe('approved');
    expect(migrationOutcome({ ...ok, amount: 100 }, expected)).toBe('rejected');
    expect(migrationOutcome({ ...ok, buyOrder: 'MG2' }, expected)).toBe('rejected');
    expect(migrationOutcome({ ...ok, status: 'FAILED', responseCode: -1 }, expected)).toBe('rejected');
    expect(migrationOutcome({ ...ok, status: 'ABORTED', responseCode: -1 }, expected)).toBe('aborted');
  });
});

describe('profiledPlans', () => {
  it('gives a prepaid line the plans it can migrate to, cheapest first', () => {
    expect(profiledPlans(null, catalogue).map((p) => p.id)).toEqual(['LIBRE_30', 'CONTROLADO_25', 'LIBRE_80', 'LIBRE_80_V2']);
  });

  it('gives a line with a plan the dearer plans of any group, without versions of its own plan', () => {
    expect(profiledPlans({ id: 'LIBRE_80', price: 27990 }, catalogue).map((p) => p.id)).toEqual(['BLUE_50']);
    expect(profiledPlans({ id: 'CONTROLADO_25', price: 22990 }, catalogue).map((p) => p.id)).toEqual(['LIBRE_80', 'LIBRE_80_V2', 'BLUE_50']);
  });

  it('gives nothing to a line already on the dearest plan', () => {
    expect(profiledPlans({ id: 'BLUE_50', price: 29990 }, catalogue)).toEqual([]);
  });
});

describe('migration inputs', () => {
  it('checks the market document and the phone for the ownership check', () => {
    const cl = migrationInputs.ownership(getMarket('cl'));
    expect(validate(cl, { document: '15.432.198-5', phoneNumber: '987654321' }).ok).toBe(true);
    expect(validate(cl, { document: '15.432.198-4', phoneNumber: '987654321' })).toMatchObject({ ok: false, errors: { document: ['validation.rut'] } });
    const pe = migrationInputs.ownership(getMarket('pe'));
    expect(validate(pe, { document: '70123456', phoneNumber: '12345' })).toMatchObject({ ok: false, errors: { phoneNumber: ['validation.phone'] } });
  });

  it('requires a plan and a well-formed idempotency key to start', () => {
    expect(validate(migrationInputs.start, { planId: 'PO_PLAN_LIBRE_30', idempotencyKey: 'migration-key-1' }).ok).toBe(true);
    expect(validate(migrationInputs.start, { planId: '', idempotencyKey: 'x' })).toMatchObject({
      ok: false,
      errors: { planId: ['migration.error.plan'], idempotencyKey: ['migration.error.idempotency'] },
    });
  });
});

describe('mobile request rules', () => {
  it('numbers requests per market', () => {
    expect(mobileRequestNumber('cl', 12)).toBe('MOV-CL-00000012');
    expect(mobileRequestNumber('pe', 123456789)).toBe('MOV-PE-123456789');
  });

  it('checks the requester with the guest rules and the address with the checkout rules', () => {
    const pe = mobileInputs.delivery(getMarket('pe'));
    const good = {
      name: 'Jorge Huamán',
      document: '70123456',
      email: 'j@example.com',
      phoneNumber: '912345678',
      region: '15',
      province: '1501',
      commune: '150101',
      streetName: 'Av. Arequipa',
      addressNumber: '123',
    };
    expect(validate(pe, good).ok).toBe(true);
    expect(validate(pe, { ...good, province: '', name: 'Jorge' })).toMatchObject({
      ok: false,
      errors: { province: ['checkout.validation.province'], name: ['checkout.validation.fullName'] },
    });
    const cl = mobileInputs.delivery(getMarket('cl'));
    expect(validate(cl, { ...good, document: '15.432.198-5', province: '' }).ok).toBe(true);
  });
});
