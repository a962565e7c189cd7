import type { FastifyInstance } from 'fastify';
import { profiledPlans } from '@andes/domain/migration';
import { checkPair } from '../auth/throttle.ts';
import { activationPlans } from '../plans/repo.ts';
import { normalizedDocument, planCard } from '../plans/service.ts';
import { isLineHolder, linesWithPlanPrice } from './repo.ts';

/**
 * Line ownership check: answers only whether the number is held by the document, the same way for
 * an unknown number and for someone else's line, so it reveals nothing more. Wrong pairs count like
 * failed sign-ins, per number, per document and per address, and lock further checks for a while.
 */
export async function checkOwnership(app: FastifyInstance, input: { document: string; phoneNumber: string }, address: string, now = new Date()) {
  const document = normalizedDocument(app.market, input.document);
  const holder = await checkPair(app.db, { document, phoneNumber: input.phoneNumber }, address, () => isLineHolder(app.db, document, input.phoneNumber), now);
  return { holder };
}

/** Per line of the customer: its plan and the plans profiled for it (better than the current one). */
export async function profiledOffer(app: FastifyInstance, customerId: number) {
  const [lines, plans] = await Promise.all([linesWithPlanPrice(app.db, customerId), activationPlans(app.db)]);
  return lines.map((l) => {
    const current = l.planId && l.planPrice !== null ? { id: l.planId, price: l.planPrice } : null;
    return {
      phoneNumber: l.phoneNumber,
      kind: l.kind,
      status: l.status,
      planName: l.planName,
      offers: profiledPlans(current, plans).map((p) => planCard(p, null)),
    };
  });
}
