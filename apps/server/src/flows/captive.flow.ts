import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bagPaymentAllowed } from '@andes/domain/account-bags';
import { CAPTIVE_BAG_PAYMENTS } from '@andes/contract/inputs/captive';
import { awaitsActivation } from '@andes/domain/line-status';
import { AppError } from '../http/errors.ts';
import { once } from '../http/idempotency.ts';
import { activatePendingLine, lineForActivation } from '../modules/subscriber/index.ts';
import { captiveNumber } from '../http/captive-host.ts';
import { buyBag, cardBagOf, finishLineCardReturn, lineBags, lineByPhone, offers } from '../modules/account/index.ts';
import { finishMigration, migrationOffer, migrationStatus, startMigration } from '../modules/migration/index.ts';
import type { GatewayReturnQuery } from '../adapters/payments/return.ts';

/**
 * The line the network names for this request (http/captive-host.ts captiveNumber), when it is one of
 * this market's lines; anything else is the same refusal, so a stranger learns nothing of which
 * numbers exist.
 */
export async function captiveLine(app: FastifyInstance, req: FastifyRequest) {
  const phoneNumber = captiveNumber(app, req);
  const line = await lineByPhone(app.db, phoneNumber);
  if (!line) throw new AppError('captive.error.unidentified', 403);
  return { ...line, phoneNumber };
}

/** The roaming bags (traveller mode, one per zone) and how this line may pay each. */
export async function roamingOffers(app: FastifyInstance, req: FastifyRequest) {
  const line = await captiveLine(app, req);
  const bags = await offers(app, 'traveller');
  return {
    line: { phoneNumber: line.phoneNumber, kind: line.kind },
    offers: bags.map((o) => ({ ...o, payments: CAPTIVE_BAG_PAYMENTS.filter((p) => bagPaymentAllowed(o, line.kind, p)) })),
  };
}

/** Where the gateway sends the browser back after paying a roaming bag by card from the captive host. */
export const CAPTIVE_ROAMING_RETURN = '/restpp/captive/roaming/return';

/**
 * Buys a roaming bag for the network's line through the account's bag purchase (once per idempotency
 * key): from the balance or the bill at once; by card, the gateway's page, whose return comes back to
 * the captive host ({@link finishRoamingCard}), never to the account's pages it does not serve.
 */
export async function buyRoamingBag(
  app: FastifyInstance,
  req: FastifyRequest,
  input: { offerId: string; payment: (typeof CAPTIVE_BAG_PAYMENTS)[number]; idempotencyKey: string },
) {
  const line = await captiveLine(app, req);
  const roaming = (await offers(app, 'traveller')).some((o) => o.id === input.offerId);
  if (!roaming) throw new AppError('account.error.bag.offer', 404);
  return buyBag(app, line, `captive:${line.id}`, input, CAPTIVE_ROAMING_RETURN);
}

/**
 * The gateway's return of a card bag to the captive host: settled once by the account's card payment
 * (the bag put on the line once however often the gateway comes back). Its token names the attempt; a
 * return naming only a buy order counts for the line the network names, and for no one when it names none.
 */
export async function finishRoamingCard(app: FastifyInstance, req: FastifyRequest, query: GatewayReturnQuery) {
  const line = await captiveLine(app, req).catch(() => null);
  const outcome = await finishLineCardReturn(app, query, line?.id ?? null);
  if (outcome.result === 'unknown') return { result: 'unknown' as const };
  return { result: outcome.result, buyOrder: outcome.topup.buyOrder, offerId: outcome.topup.offerId };
}

/** A bag the network's line paid by card, for the confirmation page: what, what was charged and until when. */
export async function roamingCardBag(app: FastifyInstance, req: FastifyRequest, buyOrder: string) {
  const line = await captiveLine(app, req);
  const bag = await cardBagOf(app, line, buyOrder);
  if (!bag) throw new AppError('captive.error.bagNotFound', 404);
  return { ...bag, phoneNumber: line.phoneNumber };
}

/** One of the line's bags, for the confirmation page: what was bought and until when. */
export async function roamingBag(app: FastifyInstance, req: FastifyRequest, bagId: number) {
  const line = await captiveLine(app, req);
  const { bags } = await lineBags(app, line);
  const bag = bags.find((b) => b.id === bagId);
  if (!bag) throw new AppError('captive.error.bagNotFound', 404);
  return { id: bag.id, name: bag.name, expiresAt: bag.expiresAt.toISOString(), phoneNumber: line.phoneNumber };
}

/** Where the gateway sends the browser back after paying a move to a plan from the captive host. */
export const CAPTIVE_ACTIVATION_RETURN = '/restpp/captive/activation/return';

/** The plans the network's line may move to, each with what is paid now, or why it cannot. */
export async function activationOffer(app: FastifyInstance, req: FastifyRequest) {
  return migrationOffer(app, await captiveLine(app, req));
}

/** Starts the move to a plan through the migration capability (paid by card at the gateway, once per key). */
export async function startActivation(app: FastifyInstance, req: FastifyRequest, input: { planId: string; idempotencyKey: string }) {
  const line = await captiveLine(app, req);
  return startMigration(app, line, `captive:${line.id}`, input, CAPTIVE_ACTIVATION_RETURN);
}

/**
 * The gateway's return to the captive host. Its token names the attempt; a return naming only a buy
 * order counts for the line the network names, and for no one when it names none.
 */
export async function finishActivation(app: FastifyInstance, req: FastifyRequest, query: GatewayReturnQuery) {
  const line = await captiveLine(app, req).catch(() => null);
  return finishMigration(app, query, { lineId: line?.id ?? null });
}

/** One move of the network's line, for the confirmation page: the plan and what was paid. */
export async function activationStatus(app: FastifyInstance, req: FastifyRequest, buyOrder: string) {
  const line = await captiveLine(app, req);
  return { phoneNumber: line.phoneNumber, ...(await migrationStatus(app, line, buyOrder)) };
}

/** The network's line as its activation shows it, and whether its holder may activate it now. */
export async function captiveLineView(app: FastifyInstance, req: FastifyRequest) {
  const line = await captiveLine(app, req);
  const row = await lineForActivation(app.db, line.phoneNumber);
  if (!row) throw new AppError('captive.error.unidentified', 403);
  return {
    phoneNumber: row.phoneNumber,
    kind: row.kind,
    status: row.status,
    planName: row.planName,
    pending: awaitsActivation(row),
    activatedAt: row.status === 'active' ? row.activatedAt.toISOString() : null,
  };
}

/**
 * Activates the network's line when it is a postpaid line waiting for its holder (decision 023
 * addendum), once per idempotency key. The page names the line it showed: a different line now (the
 * SIM moved to another phone meanwhile) is refused, and so is a line that does not wait.
 */
export async function activatePending(app: FastifyInstance, req: FastifyRequest, input: { phoneNumber: string; idempotencyKey: string }) {
  const line = await captiveLine(app, req);
  if (input.phoneNumber !== line.phoneNumber) throw new AppError('captive.error.notYourLine', 403);
  return once(app.db, `captive-activate:${line.id}`, input.idempotencyKey, async (tx) => {
    const now = new Date();
    if (!(await activatePendingLine(tx, line.id, now))) throw new AppError('captive.error.notPending', 409);
    return { phoneNumber: line.phoneNumber, activatedAt: now.toISOString() };
  });
}
