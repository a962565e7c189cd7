import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ruleSets, validate } from '@andes/domain/validation';
import { safeReturnPath } from '@andes/domain/return-path';
import { ok } from '../../http/envelope.ts';
import { AppError, invalidInput } from '../../http/errors.ts';
import { profileOf } from '../../flows/profile.flow.ts';
import { signIn, startThrottlePurge } from './auth.service.ts';
import { loginBody } from '@andes/contract/inputs/auth';

/** Only our own paths (packages/domain return-path.ts); anything else goes home. */
export const returnPathOrHome = (value: string | undefined): string => safeReturnPath(value) ?? '/';

const wantsJson = (req: FastifyRequest) => String(req.headers['content-type'] ?? '').includes('application/json');

export async function authRoutes(app: FastifyInstance) {
  const { market } = app;
  startThrottlePurge(app);

  app.post('/oam/server/authentication', async (req, reply) => {
    const body = loginBody.safeParse(req.body ?? {});
    const raw = body.success ? body.data : {};
    const credentials = { username: raw.rutt || raw.username || '', password: raw.PIN || raw.password || '' };
    const successurl = returnPathOrHome(raw.successurl);
    try {
      const checked = validate(ruleSets.login(market), credentials);
      if (!checked.ok) throw invalidInput(checked.errors);
      const customer = await signIn(app.db, market, { ...credentials, address: req.ip });
      await app.sessions.rotate(req, reply, customer.id);
      // where the sign-in came from: the needLogout form names its source (SPEC §7)
      req.log.info({ customerId: customer.id, authSource: raw.authSource ?? null }, 'signed in');
      if (!wantsJson(req)) return reply.redirect(successurl, 303);
      return ok({ userType: 'client', profile: await profileOf(app, req) }, { url: successurl });
    } catch (error) {
      if (wantsJson(req) || !(error instanceof AppError)) throw error;
      return redirectToLoginForm(reply, error, credentials.username, successurl);
    }
  });

  /** Without JavaScript the form posts here and reads its error back from the login page's address. */
  function redirectToLoginForm(reply: FastifyReply, error: AppError, username: string, successurl: string) {
    const params = new URLSearchParams({ error: error.key, username });
    if (error.options.params?.minutes) params.set('minutes', String(error.options.params.minutes));
    if (successurl !== '/') params.set('successurl', successurl);
    return reply.redirect(`${market.loginPath}?${params}`, 303);
  }

  app.post('/REST/profile/logout', async (req, reply) => {
    await app.sessions.destroy(req, reply);
    return ok({ userType: 'new' }, { url: '/' });
  });

  // a GET by SPEC §7, but it ends the session: a cross-site link must not sign anyone out
  app.get('/oam/server/logout', { config: { stateChanging: true } }, async (req, reply) => {
    await app.sessions.destroy(req, reply);
    const query = req.query as Record<string, string | undefined>;
    return reply.redirect(returnPathOrHome(query.successurl ?? query.end_url), 303);
  });
}
