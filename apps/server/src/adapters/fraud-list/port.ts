/** Why the operator lists a document: a confirmed fraud, or a debt with the operator left unpaid. */
export type ListingReason = 'fraud' | 'debt';

export type ListingAnswer = { listed: false } | { listed: true; reason: ListingReason };

/** The operator's fraud and debt list (SPEC §7 "black/list/validate"): asked before a buyer finances a phone or adds a line. */
export interface FraudListPort {
  /** `document` normalized as the customers table stores it (a RUT with its dash, a DNI's digits). */
  check(document: string): Promise<ListingAnswer>;
}
