import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '@andes/db/client';
import type { Topup } from './topups.repo.ts';

/**
 * A card payment whose subject belongs to another capability (an insurance claim's deductible:
 * docs/decisions/028), registered at build by the flow that joins them, so the account's card payments
 * settle it without importing that capability.
 */
export interface CardPurposeHandler {
  /**
   * Before the gateway is asked to commit, in the transaction that marks the attempt committing: locks
   * the subject and answers whether it still wants this payment (false: nothing is committed, nothing
   * charged). Every attempt on one subject takes the same lock, so only one of them commits.
   */
  lockPayable(tx: Db, topup: Topup): Promise<boolean>;
  /** In the transaction that settles an approved payment: marks the subject paid. */
  settle(tx: Db, topup: Topup): Promise<void>;
  /** The page the gateway's return sends the browser to. */
  page: string;
  /** The kind the payment is recorded under (the customer's payments list). */
  paymentKind: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Card purposes other capabilities registered (purpose → handler). */
    cardPurposes: Map<string, CardPurposeHandler>;
  }
}

export const cardPurposesPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('cardPurposes', new Map<string, CardPurposeHandler>());
});
