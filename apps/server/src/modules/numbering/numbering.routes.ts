import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { AppError, forbiddenLine } from '../../http/errors.ts';
import { ErrorKeys } from '@andes/domain/error-keys';
import { parseInput } from '../../http/parse.ts';
import { changeNumber, type NumberRequester } from '../../flows/number-change.flow.ts';
import { numberOverview, offerNumbers } from './number-change.service.ts';
import { numberChangeBody } from '@andes/contract/inputs/numbering';

type P = { Params: { phoneNumber: string } };

/** The line the guard checked (http/guards.ts) and the session. */
function requester(req: FastifyRequest): NumberRequester {
  if (!req.line) throw forbiddenLine();
  if (!req.session) throw new AppError(ErrorKeys.csrf, 403);
  return { line: req.line, sessionHash: req.session.idHash };
}

/** SPEC §2 `cambio-numero`: five numbers offered and reserved, and the change with the step-up. */
export async function numberingRoutes(app: FastifyInstance) {
  app.get<P>('/restpp/asset/:phoneNumber/number', async (req) => ok(await numberOverview(app, requester(req).line)));

  app.post<P>('/restpp/asset/:phoneNumber/number/offers', async (req) => ok(await offerNumbers(app, requester(req).line)));

  app.post<P>('/restpp/asset/:phoneNumber/number/change', async (req) => {
    const changed = await changeNumber(app, requester(req), parseInput(numberChangeBody, req.body));
    // the account pages follow the line to its new number
    if (req.session?.data.selectedLine === changed.oldNumber) await app.sessions.saveData(req, { ...req.session.data, selectedLine: changed.phoneNumber });
    return ok(changed);
  });
}
