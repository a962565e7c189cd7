import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { currentProfileAnswer } from '../../flows/profile.flow.ts';

export async function profileRoutes(app: FastifyInstance) {
  /** For API clients without a page: the session's token that state-changing calls must carry. */
  app.get('/restpp/security/token', async (req, reply) => {
    const session = await app.sessions.ensure(req, reply);
    return ok({ f__key__: session.csrfToken });
  });

  // POST by SPEC §7, yet it only reads: every page asks it, so the token would make a visitor's first page view a session
  app.post('/REST/profile/current', { config: { csrf: false } }, (req) => currentProfileAnswer(app, req));
}
