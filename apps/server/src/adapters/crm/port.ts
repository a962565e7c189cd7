/**
 * The CRM's lead-sync endpoint on an external host (SPEC §7 "a lead-sync endpoint on an external
 * host"): receives lead events. It keeps one lead per idempotency key, so a delivery repeated after a
 * lost answer is not a second lead.
 */
export interface LeadEvent {
  idempotencyKey: string;
  payload: Record<string, unknown>;
}

export interface CrmPort {
  /** Delivers one lead event; answers the CRM's reference. Throws when the delivery is not acknowledged. */
  syncLead(event: LeadEvent): Promise<{ reference: string }>;
}

export class CrmUnavailable extends Error {}
