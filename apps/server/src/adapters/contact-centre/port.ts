/**
 * The contact centre (ARCHITECTURE §5 "click-to-call / lead CRM"): places a call back to a customer now
 * when an agent can take it, and keeps the calendar of lead appointments.
 */
import type { CallbackFailure } from '@andes/domain/callback';

export type CallAnswer =
  /** An agent calls now. */
  | { outcome: 'success'; reference: string }
  /** Outside opening hours: the call is queued for when the centre opens. */
  | { outcome: 'pending'; reference: string; callAt: Date }
  /** No call: every agent busy (try an appointment), or the centre unreachable. */
  | { outcome: 'failure'; reason: CallbackFailure };

export interface ContactCentrePort {
  /** Asks for a call to the number now. Throws ContactCentreUnavailable when the centre cannot be reached. */
  requestCall(call: { phoneNumber: string; name: string | null; context: string | null }, now: Date): Promise<CallAnswer>;
  /** The free slot starts between `from` and `to` (not past, not booked). */
  freeSlots(from: Date, to: Date, now: Date): Promise<Date[]>;
  /** Books a free slot: its reference, or null when it was taken (by anyone, even at the same instant). */
  book(slot: Date, phoneNumber: string, now: Date): Promise<string | null>;
  /** Gives a booked slot back (nothing when it is not booked under this reference). */
  release(slot: Date, reference: string): Promise<void>;
}

export class ContactCentreUnavailable extends Error {}
