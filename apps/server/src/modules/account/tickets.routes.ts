import type { FastifyInstance } from 'fastify';
import { accountInputs } from '@andes/domain/account-inputs';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { requireCustomer } from '../../http/guards.ts';
import { TICKET_DESK_SIGNATURE_HEADER } from '../../adapters/ticket-desk/port.ts';
import {
  cancelTicket,
  createTicket,
  handleDeskNotification,
  TICKET_DESK_NOTIFY_PATH,
  ticketByNumber,
  ticketOf,
  ticketsOf,
  type Attachment,
} from './tickets.service.ts';
import { ownLine } from './plan.routes.ts';

type P = { Params: { phoneNumber: string } };
type T = { Params: { phoneNumber: string; ticketId: string } };

function attachmentOf(body: unknown): Attachment | null {
  const a = body && typeof body === 'object' ? (body as Record<string, unknown>).attachment : null;
  if (!a || typeof a !== 'object') return null;
  const { type, data } = a as Record<string, unknown>;
  return typeof type === 'string' && typeof data === 'string' ? { type, data } : { type: '', data: 'x' };
}

export async function ticketRoutes(app: FastifyInstance) {
  app.get<P>('/restpp/asset/:phoneNumber/tickets', async (req) => ok({ tickets: await ticketsOf(app, ownLine(req)) }));

  /** JSON with an optional base64 image (≤ 2 MB, so the body may be larger than the default limit). */
  app.post<P>('/restpp/asset/:phoneNumber/tickets', { bodyLimit: 3 * 1024 * 1024 }, async (req) => {
    const input = parseInput(accountInputs.ticket, req.body);
    return ok({ ticket: await createTicket(app, ownLine(req), input, attachmentOf(req.body)) });
  });

  app.get<T>('/restpp/asset/:phoneNumber/tickets/:ticketId', async (req) => ok({ ticket: await ticketOf(app, ownLine(req), Number(req.params.ticketId)) }));

  app.post<T>('/restpp/asset/:phoneNumber/tickets/:ticketId/cancel', async (req) =>
    ok({ ticket: await cancelTicket(app, ownLine(req), Number(req.params.ticketId)) }),
  );

  /** The confirmation page's lookup: one of the customer's tickets by its public number. */
  app.get<{ Params: { number: string } }>('/restpp/asset/tickets/:number', async (req) =>
    ok({ ticket: await ticketByNumber(app, requireCustomer(req), req.params.number) }),
  );

  /** The ticket desk's signed status notifications: a server-to-server call, so no page token. */
  app.post(TICKET_DESK_NOTIFY_PATH, { config: { csrf: false } }, async (req) => {
    const signature = req.headers[TICKET_DESK_SIGNATURE_HEADER];
    return ok(await handleDeskNotification(app, typeof signature === 'string' ? signature : undefined, req.body));
  });
}
