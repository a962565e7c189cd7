import type { FastifyInstance } from 'fastify';
import { bonusRedemptionInput } from '@andes/domain/account-benefits';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { requireCustomer } from '../../http/guards.ts';
import { ownLine } from './plan.routes.ts';
import { listBonusOffers, listDiscounts } from './benefits.repo.ts';
import { bonusesOf, pointsOf, redeemBonus, redemptionsOf } from './benefits.service.ts';

type P = { Params: { phoneNumber: string } };

/** Loyalty points, benefits and bonus redemption (puntos/detalle, beneficios, canje-bonos). */
export async function benefitRoutes(app: FastifyInstance) {
  app.get<P>('/restpp/asset/:phoneNumber/points', async (req) => ok(await pointsOf(app, ownLine(req))));

  app.get<P>('/restpp/asset/:phoneNumber/benefits/redemptions', async (req) => ok({ redemptions: await redemptionsOf(app, ownLine(req)) }));

  app.get('/restpp/asset/benefits/discounts', async (req) => {
    requireCustomer(req);
    return ok({ discounts: await listDiscounts(app.db) });
  });

  app.get<P>('/restpp/asset/:phoneNumber/bonuses', async (req) => {
    const line = ownLine(req);
    return ok({ offers: await listBonusOffers(app.db), bonuses: await bonusesOf(app, line) });
  });

  app.post<P>('/restpp/asset/:phoneNumber/bonuses', async (req) => {
    const input = parseInput(bonusRedemptionInput, req.body);
    return ok(await redeemBonus(app, ownLine(req), input));
  });
}
