import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { forbiddenLine } from '../../http/errors.ts';
import { parseInput } from '../../http/parse.ts';
import { endSuspension, startSuspension, type SuspensionRequester } from '../../flows/suspension.flow.ts';
import { suspensionOverview } from './suspension.service.ts';
import { suspensionBody } from '@andes/contract/inputs/suspension';

type P = { Params: { phoneNumber: string } };

/** The line the guard checked (http/guards.ts). */
function requester(req: FastifyRequest): SuspensionRequester {
  if (!req.line) throw forbiddenLine();
  return { line: req.line };
}

/** SPEC §2 `suspension-temporal`: a line suspended for travel or a break, and ended early. */
export async function suspensionRoutes(app: FastifyInstance) {
  app.get<P>('/restpp/asset/:phoneNumber/suspension', async (req) => {
    const { line } = requester(req);
    await app.linesAsOf({ lineId: line.id });
    return ok(await suspensionOverview(app, line));
  });

  app.post<P>('/restpp/asset/:phoneNumber/suspension', async (req) => ok(await startSuspension(app, requester(req), parseInput(suspensionBody, req.body))));

  app.post<P>('/restpp/asset/:phoneNumber/suspension/end', async (req) => ok(await endSuspension(app, requester(req))));
}
