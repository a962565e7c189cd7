import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { AppError, forbiddenLine } from '../../http/errors.ts';
import { ErrorKeys } from '@andes/domain/error-keys';
import { parseInput } from '../../http/parse.ts';
import { activateSim, blockLine, blockPage, changeSim, confirmStepUp, startStepUp, unblockLine, type DeviceRequester } from '../../flows/device.flow.ts';
import { simStatus } from './sim-change.service.ts';
import { blockBody, simActivateBody, simChangeBody, stepUpConfirmBody, stepUpStartBody, unblockBody } from '@andes/contract/inputs/device';

type P = { Params: { phoneNumber: string } };

/** The line the guard checked (http/guards.ts), the session and the client address. */
function requester(req: FastifyRequest): DeviceRequester {
  if (!req.line) throw forbiddenLine();
  if (!req.session) throw new AppError(ErrorKeys.csrf, 403);
  return { line: req.line, sessionHash: req.session.idHash, address: req.ip };
}

/** Blocking, unblocking, the step-up and the SIM change of a line (SPEC §2 `equipo/…`, §7 `/REST/asset/…`). */
export async function deviceRoutes(app: FastifyInstance) {
  app.get<P>('/REST/asset/:phoneNumber/equipment/block', async (req) => {
    return ok(await blockPage(app, requester(req)));
  });

  app.post<P>('/REST/asset/:phoneNumber/equipment/block', async (req) => ok(await blockLine(app, requester(req), parseInput(blockBody, req.body))));

  app.post<P>('/REST/asset/:phoneNumber/equipment/unblock', async (req) =>
    ok(await unblockLine(app, requester(req), parseInput(unblockBody, req.body).stepUpId)),
  );

  app.post<P>('/REST/asset/:phoneNumber/validate/code', async (req) =>
    ok(await startStepUp(app, requester(req), parseInput(stepUpStartBody, req.body).purpose)),
  );

  app.post<P>('/REST/asset/:phoneNumber/validate', async (req) => ok(await confirmStepUp(app, requester(req), parseInput(stepUpConfirmBody, req.body))));

  app.get<P>('/REST/asset/:phoneNumber/sim', async (req) => ok(await simStatus(app, requester(req).line)));

  app.post<P>('/REST/asset/:phoneNumber/sim/change', async (req) => ok(await changeSim(app, requester(req), parseInput(simChangeBody, req.body))));

  app.post<P>('/REST/asset/:phoneNumber/sim/activate', async (req) => ok(await activateSim(app, requester(req), parseInput(simActivateBody, req.body).iccid)));
}
