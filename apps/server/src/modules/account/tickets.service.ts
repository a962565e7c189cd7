import type { FastifyInstance } from 'fastify';
import { customerCanCancel, checkAttachment, transition, type TicketStatus } from '@andes/domain/account-tickets';
import { AppError } from '../../http/errors.ts';
import { findTicket, insertTicket, listTickets, setTicketStatus } from './tickets.repo.ts';

type Line = { id: number; phoneNumber: string; customerId: number };

export interface Attachment {
  type: string;
  /** base64 */
  data: string;
}

function decodeAttachment(a: Attachment | undefined | null) {
  if (!a || !a.data) return null;
  const bytes = Buffer.from(a.data, 'base64');
  const verdict = checkAttachment(a.type, bytes);
  if (verdict !== 'ok') throw new AppError(verdict, 400, { fieldErrors: { attachment: [verdict] } });
  return { type: a.type, data: bytes.toString('base64') };
}

export async function createTicket(app: FastifyInstance, line: Line, input: { category: string; description: string }, attachment: Attachment | null) {
  const file = decodeAttachment(attachment);
  return insertTicket(
    app.db,
    { customerId: line.customerId, lineId: line.id, category: input.category, description: input.description, status: 'submitted', attachmentType: file?.type ?? null, attachment: file?.data ?? null },
    `TK-${app.market.site.toUpperCase()}`,
  );
}

export async function ticketsOf(app: FastifyInstance, line: Line) {
  return listTickets(app.db, line.customerId, line.id);
}

/** A ticket of this line, or 403 with no data (another customer's ticket id). */
export async function ticketOf(app: FastifyInstance, line: Line, id: number) {
  const ticket = Number.isInteger(id) && id > 0 && id < 2 ** 31 ? await findTicket(app.db, line.id, id) : undefined;
  if (!ticket) throw new AppError('pp.error.asset.forbidden', 403);
  return ticket;
}

export async function cancelTicket(app: FastifyInstance, line: Line, id: number) {
  const ticket = await ticketOf(app, line, id);
  const status = ticket.status as TicketStatus;
  const next = transition(status, 'cancelled');
  if (!next.ok || !customerCanCancel(status)) throw new AppError('account.error.ticket.transition', 409);
  await setTicketStatus(app.db, ticket.id, next.status);
  return { ...ticket, status: next.status };
}
