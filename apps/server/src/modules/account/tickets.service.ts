import type { FastifyInstance } from 'fastify';
import type { Db } from '@andes/db/client';
import { customerCanCancel, checkAttachment, transition, type TicketStatus } from '@andes/domain/account-tickets';
import { AppError } from '../../http/errors.ts';
import { addNotification } from './customer.repo.ts';
import { findCustomerTicket, findTicket, findTicketByNumber, insertTicket, listTickets, moveTicket } from './tickets.repo.ts';

type Line = { id: number; phoneNumber: string; customerId: number };

/** Where the ticket desk posts its signed status notifications (server to server). */
export const TICKET_DESK_NOTIFY_PATH = '/restpp/tickets/desk/notify';

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

/** The customer's notice of a ticket's new status (opened, moved by the desk, cancelled). */
async function noticeOfStatus(app: FastifyInstance, db: Db, customerId: number, number: string, status: TicketStatus) {
  const params = { number, status: app.t(`account.tickets.status.${status}`) };
  const kind = status === 'submitted' ? 'ticketOpened' : 'ticket';
  await addNotification(db, customerId, app.t(`account.notice.${kind}.title`, params), app.t(`account.notice.${kind}.body`, params));
}

/** Opens a ticket and tells the customer its number, in one transaction. */
export async function createTicket(app: FastifyInstance, line: Line, input: { category: string; description: string }, attachment: Attachment | null) {
  const file = decodeAttachment(attachment);
  return app.db.transaction(async (tx) => {
    const created = await insertTicket(
      tx,
      {
        customerId: line.customerId,
        lineId: line.id,
        category: input.category,
        description: input.description,
        status: 'submitted',
        attachmentType: file?.type ?? null,
        attachment: file?.data ?? null,
      },
      `TK-${app.market.site.toUpperCase()}`,
    );
    await noticeOfStatus(app, tx, line.customerId, created.number, 'submitted');
    return created;
  });
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

/** A ticket of the signed-in customer by its number; unknown and foreign numbers answer alike. */
export async function ticketByNumber(app: FastifyInstance, customerId: number, number: string) {
  const ticket = /^TK-[A-Z]{2}-\d{7}$/.test(number) ? await findCustomerTicket(app.db, customerId, number) : undefined;
  if (!ticket) throw new AppError('account.error.ticket.notFound', 404);
  return ticket;
}

export async function cancelTicket(app: FastifyInstance, line: Line, id: number) {
  const ticket = await ticketOf(app, line, id);
  const status = ticket.status as TicketStatus;
  const next = transition(status, 'cancelled');
  if (!next.ok || !customerCanCancel(status)) throw new AppError('account.error.ticket.transition', 409);
  return app.db.transaction(async (tx) => {
    const moved = await moveTicket(tx, ticket.id, status, next.status);
    if (!moved) throw new AppError('account.error.ticket.transition', 409);
    await noticeOfStatus(app, tx, line.customerId, moved.number, next.status);
    return moved;
  });
}

/**
 * A status change from the ticket desk: only a genuinely signed notification counts, and it moves the
 * ticket through transition() once. A replay of the status the ticket already has changes nothing;
 * a change the state machine does not allow (resolving a ticket nobody acknowledged, working on one
 * the customer cancelled) is refused. The customer gets a notice of every change (of opening and
 * cancelling too).
 */
export async function handleDeskNotification(app: FastifyInstance, signature: string | undefined, body: unknown) {
  const note = app.adapters.ticketDesk.readNotification(signature, body);
  if (!note) throw new AppError('account.error.ticket.signature', 401);
  return app.db.transaction(async (tx) => {
    const ticket = await findTicketByNumber(tx, note.ticketNumber);
    if (!ticket) throw new AppError('account.error.ticket.notFound', 404);
    const from = ticket.status as TicketStatus;
    if (from === note.status) return { ticketNumber: ticket.number, status: from, applied: false };
    const next = transition(from, note.status);
    if (!next.ok) throw new AppError(next.key, 409);
    const moved = await moveTicket(tx, ticket.id, from, next.status);
    if (!moved) throw new AppError('account.error.ticket.transition', 409);
    await noticeOfStatus(app, tx, ticket.customerId, ticket.number, next.status);
    return { ticketNumber: ticket.number, status: next.status, applied: true };
  });
}
