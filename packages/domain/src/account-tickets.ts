/**
 * Ticket status (TMF621 Trouble Ticket names): the allowed transitions live in this one table.
 */
export const ticketStatuses = ['submitted', 'acknowledged', 'inProgress', 'pending', 'resolved', 'closed', 'cancelled'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export const ticketTransitions: Record<TicketStatus, ReadonlyArray<TicketStatus>> = {
  submitted: ['acknowledged', 'cancelled'],
  acknowledged: ['inProgress', 'cancelled'],
  inProgress: ['pending', 'resolved'],
  pending: ['inProgress', 'resolved', 'cancelled'],
  resolved: ['closed', 'inProgress'],
  closed: [],
  cancelled: [],
};

export function canTransition(from: TicketStatus, to: TicketStatus): boolean {
  return ticketTransitions[from].includes(to);
}

/** The status after a transition, or an error naming the refused move. */
export function transition(from: TicketStatus, to: TicketStatus): { ok: true; status: TicketStatus } | { ok: false; key: 'account.error.ticket.transition' } {
  return canTransition(from, to) ? { ok: true, status: to } : { ok: false, key: 'account.error.ticket.transition' };
}

/** Only a customer can cancel their own ticket, and only while nobody is working on it. */
export function customerCanCancel(status: TicketStatus): boolean {
  return canTransition(status, 'cancelled') && (status === 'submitted' || status === 'acknowledged');
}

export const ticketCategories = ['billing', 'coverage', 'device', 'bags', 'topups', 'other'] as const;
export type TicketCategory = (typeof ticketCategories)[number];

export const TICKET_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const ticketAttachmentTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Checks an attachment by its declared type and by its first bytes (PNG, JPEG, WebP signatures). */
export function checkAttachment(type: string, bytes: Uint8Array): 'ok' | 'account.error.attachment.type' | 'account.error.attachment.size' {
  if (bytes.length > TICKET_ATTACHMENT_MAX_BYTES) return 'account.error.attachment.size';
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const webp = String.fromCharCode(...bytes.slice(0, 4)) === 'RIFF' && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP';
  const matches = (type === 'image/png' && png) || (type === 'image/jpeg' && jpeg) || (type === 'image/webp' && webp);
  return matches ? 'ok' : 'account.error.attachment.type';
}
