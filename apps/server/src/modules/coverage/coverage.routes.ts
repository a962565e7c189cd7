import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { requireSessionCart, sessionCart } from '../../flows/session-cart.flow.ts';
import { createBody, searchBody, validateBody } from '@andes/contract/inputs/coverage';
import { createCheck, search, validate } from './coverage.service.ts';

const customerOf = (req: FastifyRequest) => req.session?.customerId ?? null;

/** The coverage calls of SPEC §7 (request and answer shapes in docs/api.md). */
export async function coverageRoutes(app: FastifyInstance) {
  app.post('/restpp/coverage/v1/validate', async (req, reply) => {
    const input = parseInput(validateBody, req.body);
    const cart = 'addressId' in input ? await sessionCart(app, req, reply) : null;
    return ok({ coverage: await validate(app, cart, customerOf(req), input) });
  });

  app.post('/restpp/address/v1/coverage/search', async (req) => ok({ communes: await search(app, parseInput(searchBody, req.body)) }));

  app.post('/restpp/coverage/v1/create', async (req, reply) => {
    const { addressId } = parseInput(createBody, req.body);
    return ok({ coverage: await createCheck(app, await requireSessionCart(app, req, reply), customerOf(req), addressId) });
  });
}
