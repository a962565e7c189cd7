import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { markSessionExpired } from '../../http/session-repo.ts';
import { sandboxPayRoutes } from './pay.routes.ts';
import { sandboxCashRoutes } from './cash.routes.ts';
import { sandboxRecaptchaRoutes } from './recaptcha.routes.ts';
import { outboxQuery } from '@andes/contract/inputs/sandbox';

/** Simulated outside systems; registered only when SANDBOX=1. */
export async function sandboxRoutes(app: FastifyInstance) {
  await app.register(sandboxPayRoutes);
  await app.register(sandboxCashRoutes);
  await app.register(sandboxRecaptchaRoutes);

  app.get('/sandbox/outbox', async (req) => {
    const { recipient, limit } = parseInput(outboxQuery, req.query);
    const { outbox } = schema;
    const messages = await app.db
      .select()
      .from(outbox)
      .where(recipient ? eq(outbox.recipient, recipient) : undefined)
      .orderBy(desc(outbox.id))
      .limit(limit);
    return ok({ messages });
  });

  /** Ends the caller's sign-in as the idle limit would, so browser tests can lose a session mid-journey (SPEC §8). */
  app.post('/sandbox/session/expire', async (req) => {
    if (req.session) await markSessionExpired(app.db, req.session.idHash, new Date());
    return ok({ expired: req.session?.customerId != null });
  });
}
