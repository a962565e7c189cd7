/** A phone reported stolen or lost, or recovered. */
export interface ImeiReport {
  imei: string;
  /** The operator's block reason code (packages/domain/src/device.ts). */
  reason: string;
  phoneNumber: string;
}

/**
 * The central list of barred IMEIs every operator of the country enforces (Chile's list kept for
 * SUBTEL, Peru's RENTESEG): a reported IMEI is refused on every network; a recovered one is taken off.
 */
export interface ImeiRegistryPort {
  /** Bars the IMEI; answers the list's receipt (Peru gives it to the customer as the report code). */
  report(report: ImeiReport): Promise<{ reference: string }>;
  /** Takes the IMEI off the list (the holder recovered the phone); throws when the list did not take it off. */
  withdraw(withdrawal: { reference: string; imei: string }): Promise<void>;
}
