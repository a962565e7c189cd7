import type { FastifyInstance, FastifyRequest } from 'fastify';
import { migrationInputs } from '@andes/domain/migration';
import { ok } from '../../http/envelope.ts';
import { forbiddenLine } from '../../http/errors.ts';
import { parseInput } from '../../http/parse.ts';
import { gatewayReturnQuery } from '@andes/contract/inputs/payments';
import { requireCustomer } from '../../http/guards.ts';
import { finishMigration, migrationOffer, migrationStatus, MIGRATION_RETURN_PATH, startMigration } from './migration.service.ts';

type P = { Params: { phoneNumber: string } };

/** The line the guard checked for this request (every line route here has :phoneNumber). */
function checkedLine(req: FastifyRequest) {
  if (!req.line) throw forbiddenLine();
  return req.line;
}

export const MIGRATION_PAGES = { success: '/personas/migra-a-plan/exito', failure: '/personas/migra-a-plan/fallar' } as const;

export async function migrationRoutes(app: FastifyInstance) {
  /** The plans this prepaid line can migrate to, with what is paid now. */
  app.get<P>('/restpp/asset/:phoneNumber/migration/plans', async (req) => ok(await migrationOffer(app, checkedLine(req))));

  /** Starts the migration and answers where to send the browser (the gateway's hosted page). */
  app.post<P>('/restpp/asset/:phoneNumber/migration', async (req) => {
    const input = parseInput(migrationInputs.start, req.body);
    const started = await startMigration(app, checkedLine(req), `c${requireCustomer(req)}`, input);
    return ok({ buyOrder: started.buyOrder, replayed: started.replayed }, { url: started.redirectUrl });
  });

  /** The gateway sends the browser back here (GET, from outside): idempotent, then to the outcome page. */
  app.get(MIGRATION_RETURN_PATH, async (req, reply) => {
    const outcome = await finishMigration(app, parseInput(gatewayReturnQuery, req.query), { customerId: req.session?.customerId ?? null });
    if (outcome.result === 'unknown') return reply.redirect(`${MIGRATION_PAGES.failure}?resultado=unknown`, 303);
    const page = outcome.result === 'approved' ? MIGRATION_PAGES.success : MIGRATION_PAGES.failure;
    return reply.redirect(`${page}?${new URLSearchParams({ resultado: outcome.result, orden: outcome.buyOrder, linea: outcome.phoneNumber })}`, 303);
  });

  /** One of this line's migration attempts, for the outcome pages. */
  app.get<{ Params: { phoneNumber: string; buyOrder: string } }>('/restpp/asset/:phoneNumber/migration/:buyOrder', async (req) =>
    ok(await migrationStatus(app, checkedLine(req), req.params.buyOrder)),
  );
}
