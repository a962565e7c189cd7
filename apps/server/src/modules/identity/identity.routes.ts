import type { FastifyInstance } from 'fastify';
import { creditFailurePath, creditRuleSets } from '@andes/domain/credit';
import { identityRuleSets } from '@andes/domain/identity';
import { financingNext } from '@andes/domain/journey-requirements';
import { documentBody } from '@andes/contract/inputs/identity';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { sessionCart } from '../../flows/session-cart.flow.ts';
import { answerChallenge, checkCredit, openChallenge } from './identity.service.ts';
import { financedEquipmentAvailable, recordApproval, requirementsView } from './requirements.service.ts';

/** SPEC §7 "/restpp/subscriber/active/…": identity questions and answers, and the credit check. */
export async function identityRoutes(app: FastifyInstance) {
  /** POST: opening a round of questions is a state change (it counts towards the lock). */
  app.post('/restpp/subscriber/active/questions', async (req) => {
    const { document } = parseInput(documentBody(app.market), req.body);
    return ok(await openChallenge(app, req.ip, document));
  });

  /** A passed round is kept for the cart, so the order of this journey may be created (step 2.1). */
  app.post('/restpp/subscriber/active/answers', async (req, reply) => {
    const { challengeId, answers } = parseInput(identityRuleSets.answers(), req.body);
    const { outcome, document } = await answerChallenge(app, req.ip, challengeId, answers);
    if (outcome === 'passed') await recordApproval(app, (await sessionCart(app, req, reply, true))!, 'identity', null, document, 'passed');
    return ok({ outcome, passed: outcome === 'passed' });
  });

  /**
   * Check customer active: the credit check before financing a phone or adding a line. The answer is
   * kept for the cart; an approval for a financed phone no longer in stock leads to equipment-error.
   */
  app.post('/restpp/subscriber/active/customer', async (req, reply) => {
    const { document, purpose } = parseInput(creditRuleSets.check(app.market), req.body);
    const result = await checkCredit(app, req.ip, document, purpose);
    const cart = await sessionCart(app, req, reply, true);
    await recordApproval(app, cart!, 'credit', purpose, result.document, result.outcome);
    const next = purpose === 'financing' ? financingNext(result.outcome, await financedEquipmentAvailable(app, cart)) : creditFailurePath(result.outcome);
    return ok({ outcome: result.outcome, next, approved: result.outcome === 'approved' });
  });

  /** Our own: the checks this journey still needs (step bar and next page of the plans checkout). */
  app.get('/restpp/subscriber/active/requirements', async (req, reply) => ok(await requirementsView(app, req, await sessionCart(app, req, reply))));
}
