/**
 * Site-independent constants of SPEC §9. Kept apart from the market definitions (market.ts re-exports
 * them), so a page that needs a constant does not download both markets' settings.
 */
export const constants = {
  alertTimeoutMs: 6000,
  statusRecheckIntervalMs: 10000,
  statusRecheckMax: 10,
  cookieExpiryMs: 31536000000,
  portabilityCodeValidationMaxMs: 150000,
  defaultPaymentType: 'webPay',
  bagTypes: ['promotion', 'mixed', 'normal', 'unlimited'] as const,
  yearListForwardYears: 20,
  yearListBackYears: 100,
  planCarouselPerView: 3,
  planCarouselPerViewNarrow: 2,
  planCarouselNarrowBelowPx: 1280,
  planCarouselResizeDebounceMs: 150,
  campaignCarouselAutoplayMs: 7000,
  installmentsRedirectMs: 2000,
  peruPickerRedirectMs: 3000,
  quantityDefault: 1,
  quantityMin: 1,
  saleSequenceIndexDefault: -1,
  defaultPlansTab: 'postpaidPlans',
  accessoriesCategoryName: 'Accesorios',
  /** Sign-in lockout: wrong tries before the account locks, and for how long. */
  loginMaxFailures: 5,
  loginLockMinutes: 15,
} as const;
