/** A claim as the insurer receives it (docs/decisions/028). */
export interface InsurerClaim {
  number: string;
  kind: 'theft' | 'damage';
  insuranceId: string;
  phoneNumber: string;
  imei: string | null;
  description: string;
  /** A theft's police report (Chile) or report code (Peru). */
  theftReport: string | null;
  deductible: number;
}

/** Where the insurer has the claim: reviewing it, approved (replacement once the deductible is paid), rejected, replacement delivered. */
export type InsurerStatus = 'in_review' | 'approved' | 'rejected' | 'delivered';

/**
 * The insurance company that underwrites the phone insurances: the shop hands it each claim and asks
 * where it stands; it reviews the claim and ships the replacement once the deductible is paid.
 */
export interface InsurerPort {
  /** Files the claim; answers the insurer's reference. */
  submit(claim: InsurerClaim): Promise<{ reference: string }>;
  /** The claim's state at the insurer; `deductiblePaid` tells it the shop collected the deductible. */
  status(reference: string, facts: { deductiblePaid: boolean }): Promise<InsurerStatus>;
}
