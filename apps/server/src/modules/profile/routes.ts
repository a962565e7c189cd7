import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { profileOf } from './service.ts';

export async function profileRoutes(app: FastifyInstance) {
  /** For API clients without a page: the session's token that state-changing calls must carry. */
  app.get('/restpp/security/token', async (req, reply) => {
    const session = await app.sessions.ensure(req, reply);
    return ok({ f__key__: session.csrfToken });
  });

  app.post('/REST/profile/current', async (req) => {
    const profile = await profileOf(app, req);
    return ok({ profile, userType: profile.userType });
  });
}
