import { sameSignature, signFields } from '../signature.ts';
import { deskNotification } from '@andes/contract/inputs/notifications';
import type { TicketDeskPort } from './port.ts';

/** The signature the desk puts on a notification (the sandbox's agent endpoint signs with it too). */
export function sandboxTicketDeskSignature(key: string, ticketNumber: string, status: string): string {
  return signFields(key, ticketNumber, status);
}

/**
 * The sandbox ticket desk: its agents act by hand at `POST /sandbox/ticket-desk/tickets/:number`.
 * `notifyKey` is the desk's signing key (TICKET_DESK_NOTIFY_KEY).
 */
export function sandboxTicketDesk(notifyKey: string): TicketDeskPort {
  return {
    readNotification(signature, body) {
      const parsed = deskNotification.safeParse(body);
      if (!parsed.success || !signature) return null;
      return sameSignature(signature, sandboxTicketDeskSignature(notifyKey, parsed.data.ticketNumber, parsed.data.status)) ? parsed.data : null;
    },
  };
}
