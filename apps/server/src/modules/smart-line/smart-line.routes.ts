import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorKeys } from '@andes/domain/error-keys';
import { ok } from '../../http/envelope.ts';
import { AppError, forbiddenLine } from '../../http/errors.ts';
import { parseInput } from '../../http/parse.ts';
import { smartLineBody } from '@andes/contract/inputs/smart-line';
import { addWatch, type SmartLineRequester } from '../../flows/smart-line.flow.ts';
import { removeSmartLine, smartLineOverview } from './smart-line.service.ts';

type P = { Params: { phoneNumber: string } };

/** The line the guard checked (http/guards.ts) and the session. */
function requester(req: FastifyRequest): SmartLineRequester {
  if (!req.line) throw forbiddenLine();
  if (!req.session) throw new AppError(ErrorKeys.csrf, 403);
  return { line: req.line, sessionHash: req.session.idHash };
}

/** SPEC §2 `linea-smart` (docs/decisions/028): the line's number on a smartwatch. */
export async function smartLineRoutes(app: FastifyInstance) {
  app.get<P>('/restpp/asset/:phoneNumber/smart-line', async (req) => ok(await smartLineOverview(app, requester(req).line)));

  app.post<P>('/restpp/asset/:phoneNumber/smart-line', async (req) => ok(await addWatch(app, requester(req), parseInput(smartLineBody, req.body))));

  app.post<P>('/restpp/asset/:phoneNumber/smart-line/remove', async (req) => {
    const { line } = requester(req);
    await removeSmartLine(app, line);
    return ok(await smartLineOverview(app, line));
  });
}
