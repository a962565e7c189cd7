import { describe, expect, it } from 'vitest';
import {
  blueRenewalDay,
  defaultRenewalLine,
  isRenewalVisit,
  renewalEligibility,
  renewalLineError,
  renewalMode,
  renewalProductPath,
  renewalTextParams,
  RENEWAL_PATHS,
  type RenewalLine,
} from '../src/renewal.ts';
import { installmentsPaid } from '../src/account-equipment.ts';
import { catalogueFor, marketTranslator } from '../src/messages.ts';
import { getMarket, type SiteId } from '../src/market.ts';

const t = (site: SiteId, key: string, params: Record<string, string>) => marketTranslator(catalogueFor(site), getMarket(site))(key, params);
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
    expect(saleFlow({ option: 'Single', accessory: false, signedIn: true, blue: false, renewal: mode === 'renewal' })).toMatchObject({
      deliveryFlow: 'Contado - Reno',
      flowTag: 'flow-renovation',
    });
    expect(saleFlow({ option: 'Single', accessory: false, signedIn: false, blue: false, renewal: true })).toMatchObject({
      deliveryFlow: 'EL',
      flowTag: 'flow-unlocked',
    });
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
    expect(renewalLineError({ ...line, lineInCart: true })).toBe('pp.error.cart.renewal.lineInCart');
  });
});

describe('which line may renew its phone', () => {
  const BLUE = 'andesBlue';
  const today = '2026-11-23';
  const line: RenewalLine = {
    phoneNumber: '934512764',
    kind: 'postpaid',
    status: 'active',
    phone: { rentalType: 'regular', firstInstallmentAt: '2026-08-10' },
  };

  it("is the customer's own active line with a plan, postpaid or Controlado; a regular phone renews whenever", () => {
    expect(renewalEligibility(line, today, BLUE)).toEqual({ eligible: true });
    expect(renewalEligibility({ ...line, phone: null }, today, BLUE)).toEqual({ eligible: true });
    expect(renewalEligibility({ ...line, kind: 'hybrid' }, today, BLUE)).toEqual({ eligible: true });
    expect(renewalEligibility({ ...line, kind: 'hybrid', phone: null }, today, BLUE)).toEqual({ eligible: true });
    expect(renewalEligibility(undefined, today, BLUE)).toEqual({ eligible: false, refusal: 'owner', key: 'pp.error.cart.renewal.owner', from: null });
  });

  it('refuses a line cut for an overdue bill, a suspended line, and a prepaid line (no plan)', () => {
    expect(renewalEligibility({ ...line, status: 'cut' }, today, BLUE)).toMatchObject({ eligible: false, refusal: 'cut', key: 'pp.error.cart.renewal.cut' });
    expect(renewalEligibility({ ...line, status: 'suspended' }, today, BLUE)).toMatchObject({ eligible: false, refusal: 'inactive' });
    expect(renewalEligibility({ ...line, kind: 'prepaid', phone: null }, today, BLUE)).toEqual({
      eligible: false,
      refusal: 'kind',
      key: 'pp.error.cart.renewal.kind',
      from: null,
    });
    expect(renewalEligibility({ ...line, kind: 'prepaid' }, today, BLUE)).toMatchObject({ eligible: false, refusal: 'kind' });
    // a Controlado line is held to the same line rules as a postpaid one
    expect(renewalEligibility({ ...line, kind: 'hybrid', status: 'cut' }, today, BLUE)).toMatchObject({ eligible: false, refusal: 'cut' });
    expect(renewalEligibility({ ...line, kind: 'hybrid', status: 'suspended' }, today, BLUE)).toMatchObject({ eligible: false, refusal: 'inactive' });
    // the debt is told first: paying the bill is what the customer can do
    expect(renewalEligibility({ ...line, kind: 'prepaid', status: 'cut' }, today, BLUE)).toMatchObject({ refusal: 'cut' });
  });

  it('renews a Blue phone from month 12 of its purchase: the day its 12th installment falls due', () => {
    const blue = { ...line, phone: { rentalType: BLUE, firstInstallmentAt: '2025-12-10' } };
    expect(blueRenewalDay('2025-12-10')).toBe('2026-11-10');
    expect(renewalEligibility(blue, '2026-11-09', BLUE)).toEqual({ eligible: false, refusal: 'blue', key: 'pp.error.cart.renewal.blue', from: '2026-11-10' });
    expect(renewalEligibility(blue, '2026-11-10', BLUE)).toEqual({ eligible: true });
    expect(renewalEligibility(blue, '2027-03-01', BLUE)).toEqual({ eligible: true });
    // the same month count as the account's installments: 11 fell due the day before, 12 on the day
    expect(installmentsPaid('2025-12-10', '2026-11-09', 24)).toBe(11);
    expect(installmentsPaid('2025-12-10', '2026-11-10', 24)).toBe(12);
    // another market's Blue (or a regular phone) is not held back
    expect(renewalEligibility(blue, '2026-01-10', 'otherBlue')).toEqual({ eligible: true });
  });

  it('goes to the only eligible line when none is named; with several the customer chooses', () => {
    expect(
      defaultRenewalLine([
        { phoneNumber: '1', eligible: false },
        { phoneNumber: '2', eligible: true },
      ]),
    ).toBe('2');
    expect(
      defaultRenewalLine([
        { phoneNumber: '1', eligible: true },
        { phoneNumber: '2', eligible: true },
      ]),
    ).toBeNull();
    expect(defaultRenewalLine([{ phoneNumber: '1', eligible: false }])).toBeNull();
  });

  it('tells why in each market, with the line as the market writes it and the Blue day', () => {
    expect(t('cl', 'renewal.forLine', renewalTextParams('912345678', null, 'cl', 'America/Santiago'))).toBe('Renovación para la línea 9 1234 5678');
    expect(t('pe', 'renewal.forLine', renewalTextParams('912345678', null, 'pe', 'America/Lima'))).toBe('Renovación para la línea 912 345 678');
    const blue = renewalTextParams('912345678', '2026-11-10', 'cl', 'America/Santiago');
    expect(t('cl', 'pp.error.cart.renewal.blue', blue)).toBe(
      'El equipo de la línea 9 1234 5678 es Andes Blue: podrás renovarlo desde el mes 12, el 10 de noviembre de 2026.',
    );
    expect(t('pe', 'pp.error.cart.renewal.cut', renewalTextParams('912345678', null, 'pe', 'America/Lima'))).toContain('paga tu recibo de servicios');
    expect(t('cl', 'pp.error.cart.renewal.cut', renewalTextParams('912345678', null, 'cl', 'America/Santiago'))).toContain('paga tu boleta');
    expect(t('cl', 'pp.error.cart.renewal.kind', renewalTextParams('987654321', null, 'cl', 'America/Santiago'))).toBe(
      'La línea 9 8765 4321 es de prepago: la renovación de equipo es para líneas con plan.',
    );
    expect(t('pe', 'pp.error.cart.renewal.kind', renewalTextParams('912345678', null, 'pe', 'America/Lima'))).toBe(
      'La línea 912 345 678 es de prepago: la renovación de equipo es para líneas con plan.',
    );
  });
});
