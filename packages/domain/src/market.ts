import { phoneFormats } from './market-phone.ts';

/**
 * The market a site serves. Every per-market constant of SPEC §1, §5 and §9 lives here, so code asks
 * the market instead of testing the site name.
 */
export type SiteId = 'cl' | 'pe';

export type DocumentKind = 'rut' | 'dni';

/** A company a number can be ported from. */
export interface OriginCompany {
  id: string;
  name: string;
}

/** Where the plans journey goes after billing delivery (SPEC §4 "Billing delivery"). */
export type BillingDeliveryNext = 'cart' | 'feasibility' | 'next';

export interface Market {
  site: SiteId;
  /** Display name of the operator ("Andes"); `brand` is its slug used in routes ("andes"). */
  brand: string;
  brandName: string;
  countryName: string;
  locale: string;
  timeZone: string;
  currency: 'CLP' | 'PEN';
  /** Digits after the decimal point of the currency's minor unit (CLP has none, PEN has céntimos). */
  currencyDecimals: number;
  document: {
    kind: DocumentKind;
    /** Formatted length: Chile's RUT `12.345.678-5` is 12 characters, Peru's DNI 8 digits. */
    length: number;
    label: string;
  };
  /** Chile signs in with a 4-digit PIN, Peru with a 6-digit password. */
  pinLength: number;
  /** How a customer identifies at sign-in: RUT in Chile, phone number or DNI in Peru. */
  loginIdentifiers: ReadonlyArray<'rut' | 'phone' | 'dni'>;
  loginPath: string;
  homeLoginPath: string | null;
  /** Field names of the login form post (SPEC §7): Chile's `rutt` and `PIN`, Peru's `username` and `password`. */
  loginFields: { username: string; password: string };
  /**
   * The needLogout sign-in form's further fields (SPEC §7): Chile's `Movil` (the customer's mobile),
   * Peru's login space and auth source, sent as they are.
   */
  reloginFields: { phone: string | null; fixed: Record<string, string> };
  phoneLength: number;
  phonePrefix: string;
  /** How a mobile number is grouped when shown: Chile `9 1234 5678`, Peru `912 345 678`. */
  phoneGroups: readonly number[];
  simCodeLength: number;
  frequentNumberLength: number;
  availablePhoneNumbersCount: number;
  /** The postpaid bill's name: boleta in Chile, recibo de servicios in Peru. */
  billName: string;
  /** Bill numbers start with it: BE (boleta electrónica) in Chile, RS (recibo de servicios) in Peru. */
  billNumberPrefix: string;
  equipmentInstallments: number | null;
  insuranceForEquipmentOnly: boolean;
  /** Peru's customers create a "clave única" themselves (/personas/creacion-clave). */
  uniquePassword: boolean;
  /**
   * Peru's claims book (/libro-de-reclamaciones, /reclamos-iframe) and telecom claims
   * (/personas/reclamaciones/); Chile's consumer channel is the help page (docs/decisions/020).
   */
  claimsBook: boolean;
  whatsappSalesUrl: string | null;
  postpaidMigrationUrl: string | null;
  /** The public help page (contact details); the signed-in support page is linked from it. */
  supportUrl: string;
  /** Customer service number, shown as written in the market. */
  supportPhone: string;
  storeLocatorUrl: string;
  appStoreUrls: { ios: string; android: string };
  /**
   * Names of the three levels; `level1Order` lists the level-1 codes in the order customers expect
   * (Chile's regions north to south, codes of the reference file), null for alphabetical.
   */
  geography: { level1: string; level2: string | null; level3: string; level1Order: ReadonlyArray<string> | null };
  /** Peru's own delivery calls of SPEC §7 (`/restpp/order/v2/peru/…`, `/restpp/peru/order/…`). */
  peruOrderCalls: boolean;
  /** Peru's equipment picker (/personas/productoV1/equiposPeru, equiposDetailsPeru). */
  equipmentPicker: boolean;
  /** The plan catalogue's landing: /personas/catalogo/postpago in Chile, /catalogo/postpago in Peru. */
  planCatalogueHome: string;
  /**
   * After billing delivery: Chile sends anonymous visitors to the cart (they register there), Peru
   * sends signed-in customers to feasibility; otherwise the journey's next step.
   */
  billingDelivery: { signedIn: BillingDeliveryNext; anonymous: BillingDeliveryNext };
  /** Number portability: the companies to port from, whether the line's modality is asked, the rules. */
  portability: {
    originCompanies: readonly OriginCompany[];
    asksModality: boolean;
    /** Days a line must stay with its company before it can leave (null: no minimum). */
    minimumStayDays: number | null;
    /**
     * When a port is executed, in the market's zone, on the day after it is due: Peru's night window
     * (00:00–03:00, DOMAIN.md); Chile's administrator from 9:00 (no end given).
     */
    window: { startHour: number; endHour: number | null };
  };
}

export { constants } from './market-constants.ts';

function titleCase(slug: string): string {
  return slug.charAt(0).toUpperCase() + slug.slice(1);
}

/** Builds the market for a site and brand (`BRAND`, default `andes`). */
export function getMarket(site: SiteId, brand = 'andes'): Market {
  const brandName = titleCase(brand);
  const common = {
    brand,
    brandName,
    simCodeLength: 20,
    frequentNumberLength: 9,
    availablePhoneNumbersCount: 5,
    supportUrl: `/ayuda`,
    storeLocatorUrl: `/tiendas`,
    appStoreUrls: {
      ios: `https://apps.apple.com/app/mi-${brand}`,
      android: `https://play.google.com/store/apps/details?id=com.${brand}.app`,
    },
  };
  if (site === 'cl') {
    return {
      ...common,
      site,
      countryName: 'Chile',
      locale: 'es-CL',
      timeZone: 'America/Santiago',
      currency: 'CLP',
      currencyDecimals: 0,
      document: { kind: 'rut', length: 12, label: 'RUT' },
      pinLength: 4,
      loginIdentifiers: ['rut'],
      loginPath: '/inicio-sesion',
      homeLoginPath: '/hogar/inicio-sesion',
      loginFields: { username: 'rutt', password: 'PIN' },
      reloginFields: { phone: 'Movil', fixed: {} },
      ...phoneFormats.cl,
      supportPhone: '600 360 2000',
      billName: 'boleta',
      billNumberPrefix: 'BE',
      equipmentInstallments: null,
      insuranceForEquipmentOnly: true,
      uniquePassword: false,
      claimsBook: false,
      whatsappSalesUrl: null,
      postpaidMigrationUrl: null,
      geography: {
        level1: 'Región',
        level2: null,
        level3: 'Comuna',
        level1Order: ['15', '01', '02', '03', '04', '05', '13', '06', '07', '16', '08', '09', '14', '10', '11', '12'],
      },
      peruOrderCalls: false,
      equipmentPicker: false,
      planCatalogueHome: '/personas/catalogo/postpago',
      billingDelivery: { signedIn: 'next', anonymous: 'cart' },
      portability: {
        originCompanies: [
          { id: 'entel', name: 'Entel' },
          { id: 'movistar', name: 'Movistar' },
          { id: 'claro', name: 'Claro' },
          { id: 'wom', name: 'WOM' },
          { id: 'virgin', name: 'Virgin Mobile' },
          { id: 'mundo', name: 'Mundo' },
        ],
        asksModality: false,
        minimumStayDays: 120,
        window: { startHour: 9, endHour: null },
      },
    };
  }
  return {
    ...common,
    site,
    countryName: 'Perú',
    locale: 'es-PE',
    timeZone: 'America/Lima',
    currency: 'PEN',
    currencyDecimals: 2,
    document: { kind: 'dni', length: 8, label: 'DNI' },
    pinLength: 6,
    loginIdentifiers: ['phone', 'dni'],
    loginPath: '/inicio-sesion',
    homeLoginPath: null,
    loginFields: { username: 'username', password: 'password' },
    reloginFields: { phone: null, fixed: { loginSpace: 'personas', authSource: 'web' } },
    ...phoneFormats.pe,
    supportPhone: '(01) 615 2000',
    billName: 'recibo de servicios',
    billNumberPrefix: 'RS',
    equipmentInstallments: 18,
    insuranceForEquipmentOnly: false,
    uniquePassword: true,
    claimsBook: true,
    whatsappSalesUrl: 'https://wa.me/51987000111',
    postpaidMigrationUrl: '/personas/migra-a-plan/seleccionar-plan',
    geography: { level1: 'Departamento', level2: 'Provincia', level3: 'Distrito', level1Order: null },
    peruOrderCalls: true,
    equipmentPicker: true,
    planCatalogueHome: '/catalogo/postpago',
    billingDelivery: { signedIn: 'feasibility', anonymous: 'next' },
    portability: {
      originCompanies: [
        { id: 'movistar', name: 'Movistar' },
        { id: 'claro', name: 'Claro' },
        { id: 'entel', name: 'Entel' },
        { id: 'bitel', name: 'Bitel' },
      ],
      asksModality: true,
      minimumStayDays: null,
      window: { startHour: 0, endHour: 3 },
    },
  };
}

export function isSiteId(value: string): value is SiteId {
  return value === 'cl' || value === 'pe';
}
