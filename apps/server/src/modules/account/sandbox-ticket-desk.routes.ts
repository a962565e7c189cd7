import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/parse.ts';
import { TICKET_DESK_SIGNATURE_HEADER, type DeskStatus } from '../../adapters/ticket-desk/port.ts';
import { sandboxTicketDeskSignature } from '../../adapters/ticket-desk/sandbox.ts';
import { requireSecret } from '../../secrets.ts';
import { deskActionBody, type DeskAction } from '@andes/contract/inputs/sandbox';
import { TICKET_DESK_NOTIFY_PATH } from './tickets.service.ts';

/** What a desk agent does, and the status the desk then reports. */
const ACTIONS = {
  acknowledge: 'acknowledged',
  work: 'inProgress',
  wait: 'pending',
  resolve: 'resolved',
  close: 'closed',
  reopen: 'inProgress',
} as const satisfies Record<DeskAction, DeskStatus>;

/**
 * The ticket desk's side (docs/sandbox.md): `POST /sandbox/ticket-desk/tickets/:number {action}` is an
 * agent acting on a ticket; the desk then posts its signed notification to the shop, as the real
 * desk would, and this answers the shop's reply (a change the ticket's state machine refuses is 409).
 */
export async function sandboxTicketDeskRoutes(app: FastifyInstance) {
  const notifyKey = requireSecret(app.config.secrets, 'TICKET_DESK_NOTIFY_KEY');
  app.post<{ Params: { number: string } }>('/sandbox/ticket-desk/tickets/:number', { config: { csrf: false } }, async (req, reply) => {
    const { action } = parseInput(deskActionBody, req.body);
    if (!/^TK-[A-Z]{2}-\d{7}$/.test(req.params.number)) throw new AppError('account.error.ticket.notFound', 404);
    const body = { ticketNumber: req.params.number, status: ACTIONS[action] };
    const notified = await app.inject({
      method: 'POST',
      url: TICKET_DESK_NOTIFY_PATH,
      headers: { 'content-type': 'application/json', [TICKET_DESK_SIGNATURE_HEADER]: sandboxTicketDeskSignature(notifyKey, body.ticketNumber, body.status) },
      payload: JSON.stringify(body),
    });
    return reply.status(notified.statusCode).type('application/json').send(notified.body);
  });
}
