import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { creditRuleSets } from '@andes/domain/credit';
import { identityRuleSets } from '@andes/domain/identity';
import { fields } from '@andes/domain/validation';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { answerChallenge, checkCredit, openChallenge } from './service.ts';

/** SPEC §7 "/restpp/subscriber/active/…": identity questions and answers, and the credit check. */
export async function identityRoutes(app: FastifyInstance) {
  const documentBody = z.object({ document: fields.document(app.market) });

  /** POST: opening a round of questions is a state change (it counts towards the lock). */
  app.post('/restpp/subscriber/active/questions', async (req) => {
    const { document } = parseInput(documentBody, req.body);
    return ok(await openChallenge(app, document));
  });

  app.post('/restpp/subscriber/active/answers', async (req) => {
    const { challengeId, answers } = parseInput(identityRuleSets.answers(), req.body);
    const { outcome } = await answerChallenge(app, challengeId, answers);
    return ok({ outcome, passed: outcome === 'passed' });
  });

  /** Check customer active: the credit check before financing a phone or adding a line. */
  app.post('/restpp/subscriber/active/customer', async (req) => {
    const { document, purpose } = parseInput(creditRuleSets.check(app.market), req.body);
    const result = await checkCredit(app, req.ip, document, purpose);
    return ok({ ...result, approved: result.outcome === 'approved' });
  });
}
