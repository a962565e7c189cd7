import type { FastifyInstance } from 'fastify';
import { ruleSets } from '@andes/domain/validation';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { requireCustomer } from '../../http/guards.ts';
import { parseInput } from '../../http/parse.ts';
import { returnPathOrHome } from './auth.routes.ts';
import { passwordService, requesterOf, type TokenPurpose } from './password.service.ts';

type OptionParams = { Params: { option: string } };

/**
 * `{option}` is `recovery` (forgotten secret), `change` (signed-in customer) or `unique` (a first
 * secret created with the code: Chile's /personas/creacion-clave; Peru's page uses its own SPEC paths
 * below for the same purpose).
 */
function purposeOf(option: string): TokenPurpose {
  if (option === 'recovery' || option === 'change' || option === 'unique') return option;
  throw notFound();
}

export async function passwordRoutes(app: FastifyInstance) {
  const { market } = app;
  const service = passwordService(app);

  app.post<OptionParams>('/restpp/password/:option/validatePhoneNumber', async (req) => {
    const purpose = purposeOf(req.params.option);
    if (purpose === 'change') requireCustomer(req);
    const input = parseInput(ruleSets.passwordValidatePhone(market), req.body);
    return ok(await service.requestCode(purpose, input, requesterOf(req)));
  });

  /** A new code for a token this session asked for in this flow (`{option}` names the flow). */
  app.post<OptionParams>('/restpp/password/:option/validatePhoneNumberTwo', async (req) => {
    const purpose = purposeOf(req.params.option);
    const { tokenId } = parseInput(ruleSets.passwordResend(), req.body);
    return ok(await service.resendCode(tokenId, purpose, requesterOf(req)));
  });

  app.post<OptionParams>('/restpp/password/:option/validateToken', async (req) => {
    const purpose = purposeOf(req.params.option);
    const { tokenId, code } = parseInput(ruleSets.passwordValidateToken(), req.body);
    await service.verifyCode(tokenId, code, [purpose], requesterOf(req));
    return ok({ tokenId, verified: true });
  });

  app.post<OptionParams>('/restpp/password/:option/changePassword', async (req) => {
    const purpose = purposeOf(req.params.option);
    const body = req.body as Record<string, unknown> | undefined;
    if (purpose === 'change' && body?.currentPassword !== undefined) {
      const input = parseInput(ruleSets.passwordChangeLoggedIn(market), body);
      await service.changeSignedIn(requireCustomer(req), { ...input, address: req.ip });
      // every session ended with the old secret: the page signs out and in again with the new one (SPEC §7)
      const successurl = returnPathOrHome(typeof body.successurl === 'string' ? body.successurl : undefined);
      return ok({ changed: true }, { url: successurl, needLogout: true });
    }
    const input = parseInput(ruleSets.passwordChangeWithToken(market), body);
    await service.changeWithToken(input.tokenId, input.password, [purpose], requesterOf(req));
    return ok({ changed: true }, { url: market.loginPath });
  });

  if (!market.uniquePassword) return;

  app.post('/restpp/peru/unique/password', async (req) => {
    const input = parseInput(ruleSets.uniquePasswordRequest(), req.body);
    return ok(await service.requestCode('unique', input, requesterOf(req)));
  });

  app.post('/restpp/peru/password/change', async (req) => {
    const input = parseInput(ruleSets.uniquePasswordCreate(market), req.body);
    await service.verifyCode(input.tokenId, input.code, ['unique'], requesterOf(req));
    await service.changeWithToken(input.tokenId, input.password, ['unique'], requesterOf(req));
    return ok({ changed: true }, { url: market.loginPath });
  });
}
