import { timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { takeClientCall } from '../../flows/sim-swap.flow.ts';
import { CamaraError, checkSwap, retrieveDate } from './sim-swap.service.ts';
import { checkBody, retrieveDateBody } from '@andes/contract/inputs/device';

const sameToken = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The client whose bearer token the call carries; none configured (production without the setting) admits nobody. */
function clientOf(req: FastifyRequest, clients: FastifyInstance['config']['simSwapClients']): { id: string } {
  const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
  const client = m ? clients.find((c) => sameToken(c.token, m[1]!)) : undefined;
  if (!client) throw new CamaraError(401, 'UNAUTHENTICATED', 'Request not authenticated due to missing, invalid, or expired credentials.');
  return client;
}

function parsed<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw new CamaraError(400, 'INVALID_ARGUMENT', 'Client specified an invalid argument, request body or query param.');
  return result.data;
}

const CAMARA_CODES: Record<number, [number, string, string]> = {
  401: [401, 'UNAUTHENTICATED', 'Request not authenticated due to missing, invalid, or expired credentials.'],
  403: [403, 'PERMISSION_DENIED', 'Client does not have sufficient permissions to perform this action.'],
  404: [404, 'NOT_FOUND', 'The specified resource is not found.'],
  429: [429, 'TOO_MANY_REQUESTS', 'Either out of resource quota or reaching rate limiting.'],
};
const INVALID: [number, string, string] = [400, 'INVALID_ARGUMENT', 'Client specified an invalid argument, request body or query param.'];

/**
 * Every failure in CAMARA's shape `{status, code, message}`, never our envelope: ours, the framework's
 * (bad JSON, a body too large) and the input boundary's and rate limit's refusals before the route.
 */
function camaraErrors(error: FastifyError | AppError | CamaraError, req: FastifyRequest, reply: FastifyReply) {
  if (error instanceof CamaraError) return reply.status(error.status).send({ status: error.status, code: error.code, message: error.message });
  const status = error instanceof AppError ? error.status : (error.statusCode ?? 500);
  if (status < 500) {
    const [s, code, message] = CAMARA_CODES[status] ?? INVALID;
    return reply.status(s).send({ status: s, code, message });
  }
  req.log.error({ err: error }, 'sim swap call failed');
  return reply.status(500).send({ status: 500, code: 'INTERNAL', message: 'Server error' });
}

/**
 * The operator side of the GSMA Open Gateway CAMARA SIM Swap API v1, for API clients (banks)
 * with a bearer client credential: no customer session and no page token; each client rate-limited.
 */
export async function simSwapRoutes(app: FastifyInstance) {
  app.setErrorHandler(camaraErrors);
  const config = { csrf: false };
  const admit = async (req: FastifyRequest) => takeClientCall(app, clientOf(req, app.config.simSwapClients).id);

  app.post('/sim-swap/v1/retrieve-date', { config }, async (req) => {
    await admit(req);
    return retrieveDate(app, parsed(retrieveDateBody, req.body).phoneNumber);
  });

  app.post('/sim-swap/v1/check', { config }, async (req) => {
    await admit(req);
    const body = parsed(checkBody, req.body);
    return checkSwap(app, body.phoneNumber, body.maxAge);
  });
}
