import { describe, expect, it } from 'vitest';
import { canContinueBillingDelivery, defaultBillingMobile } from '../src/billing-delivery.ts';

const base = { mobileChecked: false, emailChecked: false, mobile: '', email: '' };

describe('canContinueBillingDelivery', () => {
  it('needs at least one channel ticked', () => {
    expect(canContinueBillingDelivery({ ...base, mobile: '912345678', email: 'a@b.cl' })).toBe(false);
  });

  it('checks the mobile number when mobile is ticked', () => {
    expect(canContinueBillingDelivery({ ...base, mobileChecked: true, mobile: '912345678' })).toBe(true);
    expect(canContinueBillingDelivery({ ...base, mobileChecked: true, mobile: '812345678' })).toBe(false);
    expect(canContinueBillingDelivery({ ...base, mobileChecked: true, mobile: '91234567' })).toBe(false);
    expect(canContinueBillingDelivery({ ...base, mobileChecked: true, mobile: '' })).toBe(false);
  });

  it('checks the e-mail when e-mail is ticked', () => {
    expect(canContinueBillingDelivery({ ...base, emailChecked: true, email: 'ana.perez@mail.cl' })).toBe(true);
    expect(canContinueBillingDelivery({ ...base, emailChecked: true, email: 'ana.perez@' })).toBe(false);
    expect(canContinueBillingDelivery({ ...base, emailChecked: true, email: 'ana perez@mail.cl' })).toBe(false);
    expect(canContinueBillingDelivery({ ...base, emailChecked: true, email: '' })).toBe(false);
  });

  it('ignores the field of an unticked channel', () => {
    expect(canContinueBillingDelivery({ ...base, emailChecked: true, email: 'a@b.pe', mobile: 'junk' })).toBe(true);
    expect(canContinueBillingDelivery({ ...base, mobileChecked: true, mobile: '912345678', email: 'junk' })).toBe(true);
  });

  it('needs every ticked channel to pass', () => {
    const both = { mobileChecked: true, emailChecked: true };
    expect(canContinueBillingDelivery({ ...both, mobile: '912345678', email: 'a@b.cl' })).toBe(true);
    expect(canContinueBillingDelivery({ ...both, mobile: '912345678', email: 'bad' })).toBe(false);
    expect(canContinueBillingDelivery({ ...both, mobile: '12', email: 'a@b.cl' })).toBe(false);
  });

  it('ignores surrounding spaces', () => {
    expect(canContinueBillingDelivery({ ...base, mobileChecked: true, mobile: ' 912345678 ' })).toBe(true);
    expect(canContinueBillingDelivery({ ...base, emailChecked: true, email: ' a@b.cl ' })).toBe(true);
  });
});

describe('defaultBillingMobile', () => {
  it('uses the given number', () => {
    expect(defaultBillingMobile('987654321', '912345678')).toBe('987654321');
  });

  it("falls back to the plan's phone number when none is given", () => {
    expect(defaultBillingMobile(undefined, '912345678')).toBe('912345678');
    expect(defaultBillingMobile('', '912345678')).toBe('912345678');
    expect(defaultBillingMobile('  ', '912345678')).toBe('912345678');
  });
});
