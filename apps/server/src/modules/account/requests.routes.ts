import type { FastifyInstance } from 'fastify';
import { canMoveRequest, requestInput, type RequestStatus } from '@andes/domain/account-requests';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/parse.ts';
import { ownLine } from './plan.routes.ts';
import { findRequest, insertRequest, listRequests, moveRequest } from './requests.repo.ts';

type P = { Params: { phoneNumber: string } };
type PI = { Params: { phoneNumber: string; id: string } };

/** Customer-service requests of a line (ayuda-soporte sends them, solicitudes lists them). */
export async function requestRoutes(app: FastifyInstance) {
  app.get<P>('/restpp/asset/:phoneNumber/requests', async (req) => ok({ requests: await listRequests(app.db, ownLine(req).id) }));

  app.post<P>('/restpp/asset/:phoneNumber/requests', async (req) => {
    const line = ownLine(req);
    const input = parseInput(requestInput, req.body);
    const request = await insertRequest(app.db, { customerId: line.customerId, lineId: line.id, ...input, status: 'received' });
    return ok({ request });
  });

  /** The customer withdraws a request nobody has started working on. */
  app.post<PI>('/restpp/asset/:phoneNumber/requests/:id/withdraw', async (req) => {
    const line = ownLine(req);
    const id = Number(req.params.id);
    const found = Number.isInteger(id) && id > 0 && id < 2 ** 31 ? await findRequest(app.db, line.id, id) : undefined;
    // another line's request answers like another customer's line: no data
    if (!found) throw new AppError('pp.error.asset.forbidden', 403);
    if (!canMoveRequest(found.status as RequestStatus, 'withdrawn')) throw new AppError('account.error.request.transition', 409);
    const moved = await moveRequest(app.db, found.id, found.status, 'withdrawn');
    if (!moved) throw new AppError('account.error.request.transition', 409);
    return ok({ request: moved });
  });
}
