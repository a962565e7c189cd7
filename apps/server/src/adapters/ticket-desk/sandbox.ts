import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { deskStatuses, type TicketDeskPort } from './port.ts';

/** The sandbox desk's signing key (docs/sandbox.md): notifications are HMAC-SHA256 signed with it. */
const SANDBOX_TICKET_DESK_KEY = 'sandbox-ticket-desk-key';

const notification = z.object({ ticketNumber: z.string().regex(/^TK-[A-Z]{2}-\d{7}$/), status: z.enum(deskStatuses) });

/** The signature the sandbox desk puts on a notification (its agent endpoint under /sandbox uses it). */
export function sandboxTicketDeskSignature(ticketNumber: string, status: string): string {
  return createHmac('sha256', SANDBOX_TICKET_DESK_KEY).update(`${ticketNumber}|${status}`).digest('hex');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The sandbox ticket desk: its agents act by hand at `POST /sandbox/ticket-desk/tickets/:number`. */
export function sandboxTicketDesk(): TicketDeskPort {
  return {
    readNotification(signature, body) {
      const parsed = notification.safeParse(body);
      if (!parsed.success || !signature) return null;
      return sameText(signature, sandboxTicketDeskSignature(parsed.data.ticketNumber, parsed.data.status)) ? parsed.data : null;
    },
  };
}
