import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.ts';
import type { ListingAnswer } from '../../adapters/fraud-list/port.ts';

export const ScreeningErrorKeys = {
  /** A fraud listing: the customer is told there is a restriction, not which. */
  listed: 'pp.error.buyer.listed',
  debt: 'pp.error.buyer.listed.debt',
} as const;

const keyOf = (answer: ListingAnswer) => (answer.listed && answer.reason === 'debt' ? ScreeningErrorKeys.debt : ScreeningErrorKeys.listed);

/** Asks the operator's list about a stored document. */
export async function listingOf(app: FastifyInstance, document: string): Promise<ListingAnswer> {
  return app.adapters.fraudList.check(document);
}

/** The refusal a listed buyer gets for financing a phone or adding a line, null for anyone else. */
export function listingRefusal(answer: ListingAnswer): AppError | null {
  if (!answer.listed) return null;
  return new AppError(keyOf(answer), 403);
}

/** The validate call's answer: a listed buyer is allowed neither purpose, with the message the checkout shows. */
export function listingView(app: FastifyInstance, answer: ListingAnswer) {
  const refused = listingRefusal(answer);
  return {
    listed: answer.listed,
    allowed: !answer.listed,
    reason: answer.listed ? answer.reason : null,
    message: refused ? app.t(refused.key) : null,
  };
}
