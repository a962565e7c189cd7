import type { FastifyInstance } from 'fastify';
import { accountInputs } from '@andes/domain/account-inputs';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { createFrequent, frequentOf, updateFrequent } from './frequent.service.ts';
import { ownLine } from './plan.routes.ts';

type P = { Params: { phoneNumber: string } };

/** SPEC §5: POST creates a frequent number (only a new one); PUT replaces an old one by a new one. */
export async function frequentRoutes(app: FastifyInstance) {
  app.get<P>('/REST/asset/:phoneNumber/frequencyNumber', async (req) => ok({ frequentNumbers: await frequentOf(app, ownLine(req)) }));

  app.post<P>('/REST/asset/:phoneNumber/frequencyNumber', async (req) => {
    const { newNumber } = parseInput(accountInputs.frequentCreate, req.body);
    return ok({ frequentNumbers: await createFrequent(app, ownLine(req), newNumber) });
  });

  app.put<P>('/REST/asset/:phoneNumber/frequencyNumber', async (req) => {
    const { oldNumber, newNumber } = parseInput(accountInputs.frequentUpdate, req.body);
    return ok({ frequentNumbers: await updateFrequent(app, ownLine(req), oldNumber, newNumber) });
  });
}
