/**
 * The operator's ticket desk (TMF621 trouble tickets, ARCHITECTURE §5): agents pick up the tickets
 * customers open in the portal, acknowledge them, work on them, may wait for the customer, resolve
 * and close them. The desk reports every change by a signed notification to the shop.
 */
/** The header a notification's signature travels in. */
export const TICKET_DESK_SIGNATURE_HEADER = 'x-ticket-desk-signature';

/** The statuses the desk reports (the customer's own cancellation never comes from the desk). */
import type { deskStatuses } from '@andes/contract/inputs/notifications';

export type DeskStatus = (typeof deskStatuses)[number];

export interface DeskNotification {
  ticketNumber: string;
  status: DeskStatus;
}

export interface TicketDeskPort {
  /** The notification of a genuine call (signature header and body), or null for anything else. */
  readNotification(signature: string | undefined, body: unknown): DeskNotification | null;
}
