/**
 * The operator's claims system (SPEC §7 "Peru claims validate status"): the shop files each claim
 * there and asks whether it was validated. Until it is, the answer is "not found" (the page asks again,
 * SPEC §4, §9).
 */
export type ClaimValidation = { found: false } | { found: true; registeredAs: string };

export interface ClaimsSystemPort {
  /** Whether the claim with this code (filed with this document number) is registered yet. */
  validate(claim: { code: string; documentNumber: string }): Promise<ClaimValidation>;
}
