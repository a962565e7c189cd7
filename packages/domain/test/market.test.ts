import { describe, expect, it } from 'vitest';
import { constants, getMarket, isSiteId } from '../src/market.ts';

describe('Market', () => {
  it('holds the Chilean constants of SPEC §1, §5 and §9', () => {
    const cl = getMarket('cl');
    expect(cl).toMatchObject({
      site: 'cl',
      currency: 'CLP',
      currencyDecimals: 0,
      document: { kind: 'rut', length: 12 },
      pinLength: 4,
      loginIdentifiers: ['rut'],
      loginPath: '/inicio-sesion',
      homeLoginPath: '/hogar/inicio-sesion',
      loginFields: { username: 'rutt', password: 'PIN' },
      reloginFields: { phone: 'Movil', fixed: {} },
      phoneLength: 9,
      phonePrefix: '56',
      simCodeLength: 20,
      frequentNumberLength: 9,
      availablePhoneNumbersCount: 5,
      billName: 'boleta',
      uniquePassword: false,
      whatsappSalesUrl: null,
    });
  });

  it('holds the Peruvian ones, where they differ', () => {
    const pe = getMarket('pe');
    expect(pe).toMatchObject({
      site: 'pe',
      currency: 'PEN',
      currencyDecimals: 2,
      document: { kind: 'dni', length: 8 },
      pinLength: 6,
      loginIdentifiers: ['phone', 'dni'],
      homeLoginPath: null,
      loginFields: { username: 'username', password: 'password' },
      reloginFields: { phone: null, fixed: { loginSpace: 'personas', authSource: 'web' } },
      phonePrefix: '51',
      billName: 'recibo de servicios',
      equipmentInstallments: 18,
      uniquePassword: true,
      geography: { level1: 'Departamento', level2: 'Provincia', level3: 'Distrito', level1Order: null },
    });
    expect(pe.whatsappSalesUrl).toMatch(/^https:\/\/wa\.me\/51\d+$/);
  });

  it('fills the brand into names and links (BRAND setting)', () => {
    const market = getMarket('cl', 'movil');
    expect(market.brand).toBe('movil');
    expect(market.brandName).toBe('Movil');
    expect(market.appStoreUrls.android).toContain('com.movil.app');
    expect(getMarket('pe').brandName).toBe('Andes');
  });

  it('keeps its public links on pages that exist for visitors', () => {
    for (const site of ['cl', 'pe'] as const) {
      const market = getMarket(site);
      expect(market.supportUrl).toBe('/ayuda');
      expect(market.storeLocatorUrl).toBe('/tiendas');
      expect(market.supportPhone).toMatch(/\d/);
    }
  });

  it('has the site-independent SPEC §9 constants', () => {
    expect(constants).toMatchObject({
      alertTimeoutMs: 6000,
      statusRecheckIntervalMs: 10000,
      statusRecheckMax: 10,
      cookieExpiryMs: 31536000000,
      portabilityCodeValidationMaxMs: 150000,
      defaultPaymentType: 'webPay',
      quantityDefault: 1,
      quantityMin: 1,
      saleSequenceIndexDefault: -1,
      defaultPlansTab: 'postpaidPlans',
      accessoriesCategoryName: 'Accesorios',
      loginMaxFailures: 5,
    });
  });

  it('tells a site id from anything else', () => {
    expect(isSiteId('cl')).toBe(true);
    expect(isSiteId('pe')).toBe(true);
    expect(isSiteId('ar')).toBe(false);
    expect(isSiteId('CL')).toBe(false);
  });
});
