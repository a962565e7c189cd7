import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '@andes/db/client';
import { ErrorKeys } from '@andes/domain/error-keys';
import { normalizeDocument } from '@andes/domain/customer-document';
import { maskedIccid } from '@andes/domain/iccid';
import { formatMoney } from '@andes/domain/money';
import { isTopupAmount } from '@andes/domain/account-balance';
import { MARKET_PAYMENTS, type PaymentMethodId } from '@andes/domain/payment-methods';
import { firstMonthPrice, linePromotion } from '@andes/domain/plans';
import { termsForLine } from '@andes/domain/plan-promotion';
import { lineKindOf, planOffered } from '@andes/domain/plans-sale';
import {
  ACTIVATION_MONTHS_PAID,
  ACTIVATION_PAGES,
  ACTIVATION_PAYING_MINUTES,
  ACTIVATION_MISSING_ORDER,
  ActivationErrorKeys,
  JOURNEY_KIND,
  activationHoldEnds,
  activationMissing,
  activationPaymentMethods,
  initialTopupAmounts,
  type ActivationMissing,
  type ActivationState,
} from '@andes/domain/sim-activation';
import type { activationInputs } from '@andes/domain/sim-activation';
import type { activationView } from '@andes/contract/inputs/activation';
import { AppError } from '../http/errors.ts';
import { firstRedirect } from '../http/idempotency.ts';
import { MINUTE, perAddress, takeOrRefuse } from '../http/throttle.ts';
import { attemptOfReturn, paidMethod, readGatewayReturn, type GatewayReturnQuery } from '../adapters/payments/return.ts';
import type { PaymentOutcome } from '../adapters/payments/port.ts';
import { COMMIT_GRACE_MS } from '../adapters/payments/recover.ts';
import { newClaim } from '../claims.ts';
import { activationRepo as repo, type ActivationRow } from '../modules/activation/index.ts';
import { coverageOfArea } from '../modules/coverage/index.ts';
import { answerChallenge, openChallenge } from '../modules/identity/index.ts';
import * as numbering from '../modules/numbering/index.ts';
import { planCard, plansRepo } from '../modules/plans/index.ts';
import { createCustomerProfile, openChipLine, simInUse } from '../modules/subscriber/index.ts';
import { creditTopup } from '../modules/account/index.ts';
import * as portability from '../modules/portability/index.ts';
import { checkAttachment } from '@andes/domain/account-tickets';
import { isPortabilityReady } from '@andes/domain/portability';

/**
 * SIM activation (SPEC §2 "/personas/activacion-chip/", docs/decisions/025): a chip bought in a store
 * becomes a line. A flow over the modules: the SIM inventory and street directory ports, identity
 * (the bureau's questions and their throttles), coverage, numbering (the pool and holds of the number
 * change), plans, the payment gateway and subscriber (the customer and the line). The activation's own
 * row (modules/activation) holds the chip while the journey runs; the browser that started it holds
 * its key in the session, so the journey resumes there and nowhere else.
 */

const SESSION_KEY = 'activation';
const hashKey = (key: string) => createHash('sha256').update(`activation:${key}`).digest('hex');
const HOUR = 60 * MINUTE;
/** Chips looked up from one address: a shop counter activates a few, a stock sweep many. */
const CHIP_LOOKUPS = { windowMs: HOUR, lockAfter: 30, lockMs: HOUR };
const STREETS_LIMIT = 50;
export const ACTIVATION_RETURN_PATH = '/restpp/subscriber/active/return';

type View = z.infer<typeof activationView>;
type Input<K extends keyof typeof activationInputs> = z.infer<ReturnType<(typeof activationInputs)[K]>>;

const noneError = () => new AppError(ActivationErrorKeys.none, 404, { fields: { redirectRUL: ACTIVATION_PAGES.newNumber.start } });
const stateError = () => new AppError(ActivationErrorKeys.state, 409);

/** The activation this browser's session started, or null. */
async function ownActivation(app: FastifyInstance, req: FastifyRequest): Promise<ActivationRow | null> {
  const owned = req.session?.data[SESSION_KEY] as { id?: unknown; key?: unknown } | undefined;
  if (!owned || typeof owned.id !== 'number' || typeof owned.key !== 'string') return null;
  const row = await repo.findById(app.db, owned.id);
  return row && row.ownerHash === hashKey(owned.key) ? row : null;
}

/** This browser's activation while it may still change (not paying, not finished, not lapsed). */
async function openActivation(app: FastifyInstance, req: FastifyRequest): Promise<ActivationRow> {
  const row = await ownActivation(app, req);
  if (!row || row.state === 'expired' || row.state === 'cancelled' || (row.state === 'started' && row.expiresAt <= new Date())) throw noneError();
  if (row.state !== 'started') throw stateError();
  return row;
}

/** Moves an open activation on with `set`, extending its hold (and its numbers'); refused when it moved meanwhile. */
async function step(app: FastifyInstance, row: ActivationRow, set: Parameters<typeof repo.moveActivation>[3]): Promise<ActivationRow> {
  const now = new Date();
  const until = activationHoldEnds(now);
  const moved = await repo.moveActivation(app.db, row.id, ['started'], { ...set, expiresAt: until });
  if (!moved) throw stateError();
  await numbering.extendActivationHolds(app.db, row.id, now, until);
  return moved;
}

/** A port's facts the journey decides on: its request (the portability capability's) and the photos attached. */
async function portFacts(app: FastifyInstance, row: ActivationRow) {
  if (row.journey !== 'port') return { request: null, sides: [] as Array<'front' | 'back'> };
  const [request, sides] = await Promise.all([
    row.portRequestId === null ? Promise.resolve(undefined) : portability.requestById(app.db, row.portRequestId),
    repo.documentSides(app.db, row.id),
  ]);
  return { request: request ?? null, sides };
}

type PortFacts = Awaited<ReturnType<typeof portFacts>>;

function missingOf(row: ActivationRow, facts: PortFacts): ActivationMissing | null {
  return activationMissing(row, { accepted: !!facts.request && isPortabilityReady(facts.request.state), documents: facts.sides.length });
}

function pageFor(row: ActivationRow, facts: PortFacts): string {
  const pages = ACTIVATION_PAGES[row.journey];
  if (row.state === 'active') return pages.done;
  const missing = missingOf(row, facts);
  if (row.journey === 'newNumber') {
    if (missing === 'holder' || missing === 'identity' || missing === 'address') return pages.start;
    return missing ? pages.plan : pages.pay;
  }
  const port = ACTIVATION_PAGES.port;
  if (missing === 'holder' || missing === 'identity') return port.start;
  if (missing === 'address') return port.feasibility;
  if (missing === 'number') return port.data;
  if (missing === 'documents') return port.images;
  if (missing === 'code') return port.code;
  return missing ? port.plan : port.pay;
}

/** The activation as its pages show it. */
export async function viewOf(app: FastifyInstance, row: ActivationRow): Promise<View> {
  const now = new Date();
  const codes = [row.regionCode, row.provinceCode, row.communeCode].filter((c): c is string => !!c);
  const [names, held, plan, facts] = await Promise.all([
    repo.areaNames(app.db, codes),
    row.state === 'started' || row.state === 'paying' ? numbering.liveActivationHolds(app.db, row.id, now) : Promise.resolve([]),
    row.planId ? plansRepo.findPlan(app.db, row.planId) : Promise.resolve(undefined),
    portFacts(app, row),
  ]);
  const request = facts.request ? portability.requestView(facts.request) : null;
  const area = (code: string | null) => (code ? { code, name: names.get(code) ?? code } : null);
  const money = (amount: number) => ({ amount, formatted: formatMoney(amount, app.market.currency) });
  const address =
    row.regionCode && row.communeCode && row.street && row.streetNumber
      ? {
          region: area(row.regionCode)!,
          province: area(row.provinceCode),
          commune: area(row.communeCode)!,
          street: row.street,
          number: row.streetNumber,
          details: row.addressDetails,
        }
      : null;
  return {
    journey: row.journey,
    journeyKind: JOURNEY_KIND[row.journey],
    state: row.state,
    chip: { last4: maskedIccid(row.iccid), kind: row.chipKind },
    expiresAt: row.expiresAt.toISOString(),
    holder: row.document ? { document: row.document, name: row.holderName ?? '', email: row.email ?? '', phoneNumber: row.contactPhone ?? '' } : null,
    identityPassed: row.identityPassed,
    address,
    covered: row.covered,
    offered: held.map((h) => h.number),
    phoneNumber: row.phoneNumber,
    plan: plan ? planCard(plan, plan.id) : null,
    amount: row.amount === null ? null : money(row.amount),
    initialTopup: row.initialTopup === null ? null : money(row.initialTopup),
    topupAmounts: initialTopupAmounts(row.chipKind, app.market.currency).map(money),
    missing: row.state === 'started' ? missingOf(row, facts) : null,
    port: request
      ? {
          number: request.number,
          state: request.state,
          phoneNumber: request.phoneNumber,
          company: request.company,
          modality: request.modality,
          rejectReason: request.rejectReason,
          scheduledFor: request.scheduledFor,
          codeExpiresAt: request.codeExpiresAt,
        }
      : null,
    documents: facts.sides,
    paymentMethods: activationPaymentMethods(app.market.site),
    cashCode: row.state === 'paying' && row.payMethod === 'cashCode' && row.payToken ? { code: row.payToken, expiresAt: row.expiresAt.toISOString() } : null,
    next: pageFor(row, facts),
    result:
      row.state === 'active' && row.phoneNumber
        ? {
            phoneNumber: row.phoneNumber,
            planName: plan?.commerceName ?? '',
            worksFrom: request?.scheduledFor ?? (row.activatedAt ?? row.updatedAt).toISOString(),
            newCustomer: row.newCustomer ?? false,
            signIn: row.document ?? '',
            cardLast4: row.cardLast4,
            prepaidBalance: row.initialTopup === null ? null : money(row.initialTopup),
          }
        : null,
  };
}

/** Lets an activation go: its chip and every number it held. */
async function endActivation(
  app: FastifyInstance,
  db: Db,
  row: ActivationRow,
  state: Extract<ActivationState, 'expired' | 'cancelled'>,
  from: ActivationState[],
) {
  const ended = await repo.moveActivation(db, row.id, from, { state });
  if (ended) await numbering.releaseActivationHolds(db, row.id);
  return ended;
}

/** The refusal for a chip the inventory or the shop knows cannot be activated; null when it can. */
async function chipRefusal(app: FastifyInstance, iccid: string): Promise<AppError | null> {
  const field = (key: string, status: number) => new AppError(key, status, { fieldErrors: { iccid: [key] } });
  let chip;
  try {
    chip = await app.adapters.simInventory.chip(iccid);
  } catch (error) {
    app.log.error({ err: error }, 'sim inventory call failed');
    return new AppError('activation.error.inventory', 502);
  }
  if (!chip) return field(ActivationErrorKeys.unknown, 404);
  if (chip.market !== app.market.site) return field(ActivationErrorKeys.otherMarket, 409);
  if (chip.status === 'lost') return field(ActivationErrorKeys.lost, 409);
  if (chip.status === 'active' || (await simInUse(app.db, iccid))) return field(ActivationErrorKeys.active, 409);
  return null;
}

/**
 * `POST /restpp/subscriber/active/iccid`: the chip typed (or pasted) from its card. Counted per address
 * first (the stock must not be swept from one place); the same chip again from this browser resumes
 * its activation. Otherwise the inventory says whether it may be activated here, and the chip is held
 * for this browser: of parallel starts of one chip one holds it and the others are told it is busy.
 */
export async function startActivation(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, input: Input<'chip'>): Promise<View> {
  const now = new Date();
  await takeOrRefuse(app.db, [{ key: perAddress('chip', req.ip), limit: CHIP_LOOKUPS }], now);
  const mine = await ownActivation(app, req);
  if (mine && mine.iccid === input.iccid && (mine.state === 'active' || mine.state === 'paying')) return viewOf(app, mine);
  if (mine && mine.iccid === input.iccid && mine.state === 'started' && mine.expiresAt > now) {
    return viewOf(app, mine.journey === input.journey ? mine : await step(app, mine, { journey: input.journey, phoneNumber: null, portRequestId: null }));
  }
  const refusal = await chipRefusal(app, input.iccid);
  if (refusal) throw refusal;
  // this browser's other chip (a typo corrected) and a lapsed hold of this one let go first
  if (mine?.state === 'started') await endActivation(app, app.db, mine, 'cancelled', ['started']);
  const lapsed = await repo.expireLapsedOfChip(app.db, input.iccid, now);
  if (lapsed) await numbering.releaseActivationHolds(app.db, lapsed.id);
  const chip = (await app.adapters.simInventory.chip(input.iccid))!;
  const key = randomBytes(24).toString('base64url');
  const created = await repo.insertActivation(app.db, {
    ownerHash: hashKey(key),
    iccid: input.iccid,
    journey: input.journey,
    chipKind: chip.kind,
    state: 'started',
    expiresAt: activationHoldEnds(now),
  });
  if (!created) {
    const holder = await repo.holderOfChip(app.db, input.iccid);
    if (holder?.state === 'active') throw new AppError(ActivationErrorKeys.active, 409, { fieldErrors: { iccid: [ActivationErrorKeys.active] } });
    const minutes = holder ? Math.max(1, Math.ceil((holder.expiresAt.getTime() - now.getTime()) / MINUTE)) : 1;
    throw new AppError(ActivationErrorKeys.busy, 409, { params: { minutes }, fieldErrors: { iccid: [ActivationErrorKeys.busy] } });
  }
  const session = await app.sessions.ensure(req, reply);
  req.session = session;
  await app.sessions.saveData(req, { ...session.data, [SESSION_KEY]: { id: created.id, key } });
  return viewOf(app, created);
}

/** `GET /restpp/subscriber/active/activation`: this browser's activation, to resume it. */
export async function currentActivation(app: FastifyInstance, req: FastifyRequest): Promise<View> {
  const row = await ownActivation(app, req);
  if (!row || row.state === 'expired' || row.state === 'cancelled') throw noneError();
  return viewOf(app, row);
}

/**
 * The holder's data, then the identity bureau's questions for the document (the identity capability's
 * round, counted per address and document first). A changed document asks again.
 */
export async function saveHolder(app: FastifyInstance, req: FastifyRequest, input: Input<'holder'>) {
  const row = await openActivation(app, req);
  const document = normalizeDocument(app.market, input.document);
  const challenge = await openChallenge(app, req.ip, document);
  const saved = await step(app, row, {
    document,
    holderName: input.name.trim().replace(/\s+/g, ' '),
    email: input.email.trim().toLowerCase(),
    contactPhone: input.phoneNumber.trim(),
    identityPassed: row.identityPassed && row.document === document,
  });
  return { activation: await viewOf(app, saved), ...challenge };
}

/** The answers to the bureau's round; a passed round for this activation's document validates the holder. */
export async function answerIdentity(app: FastifyInstance, req: FastifyRequest, input: Input<'answers'>) {
  const row = await openActivation(app, req);
  if (!row.document) throw new AppError(ActivationErrorKeys.holder, 409);
  const { outcome, document } = await answerChallenge(app, req.ip, input.challengeId, input.answers);
  const passed = outcome === 'passed' && document === row.document;
  const saved = passed ? await step(app, row, { identityPassed: true }) : row;
  return { activation: await viewOf(app, saved), outcome, passed };
}

/** `GET /restpp/subscriber/streets`: streets of a commune (district) from the street directory. */
export async function searchStreets(app: FastifyInstance, input: Input<'streets'>) {
  const names = await repo.areaNames(app.db, [input.commune]);
  const name = names.get(input.commune);
  if (!name) throw new AppError('activation.validation.commune', 400, { fieldErrors: { commune: ['activation.validation.commune'] } });
  return { commune: { code: input.commune, name }, streets: await app.adapters.streets.search(input.commune, input.q, STREETS_LIMIT) };
}

/**
 * `POST /restpp/subscriber/address`: the holder's address, its street from the directory, and the
 * network's feasibility of it (recorded: a line is only activated where there is coverage).
 */
export async function saveAddress(app: FastifyInstance, req: FastifyRequest, input: Input<'address'>) {
  const row = await openActivation(app, req);
  const coverage = await coverageOfArea(app, { region: input.region, province: input.province, commune: input.commune });
  const street = await app.adapters.streets.find(input.commune, input.street);
  if (!street) throw new AppError(ActivationErrorKeys.street, 400, { fieldErrors: { street: [ActivationErrorKeys.street] } });
  const saved = await step(app, row, {
    regionCode: coverage.region.code,
    provinceCode: coverage.province.code,
    communeCode: coverage.commune.code,
    street,
    streetNumber: input.number,
    addressDetails: input.details || null,
    covered: coverage.covered,
  });
  return { activation: await viewOf(app, saved) };
}

const MISSING_KEYS: Record<ActivationMissing, string> = {
  holder: ActivationErrorKeys.holder,
  identity: ActivationErrorKeys.identity,
  address: 'activation.error.address',
  number: 'activation.error.numberFirst',
  documents: ActivationErrorKeys.documents,
  code: 'activation.error.codeFirst',
  plan: 'activation.error.planFirst',
};

/** Refuses a step before the ones it needs (what to do first, in Spanish), up to and including `upTo`. */
async function requireDone(app: FastifyInstance, row: ActivationRow, upTo: ActivationMissing) {
  const facts = await portFacts(app, row);
  const missing = missingOf(row, facts);
  if (missing && ACTIVATION_MISSING_ORDER.indexOf(missing) <= ACTIVATION_MISSING_ORDER.indexOf(upTo)) {
    throw new AppError(MISSING_KEYS[missing], 409, { fields: { redirectRUL: pageFor(row, facts) } });
  }
  return facts;
}

/**
 * `POST /restpp/subscriber/active/msisdn`: SPEC §9's five numbers from the numbering pool, held for this
 * activation (the number change's holds: a number held for one customer is offered to no other);
 * parallel asks of one activation end with its five.
 */
export async function offerNumbers(app: FastifyInstance, req: FastifyRequest) {
  const row = await openActivation(app, req);
  if (row.journey !== 'newNumber') throw new AppError('activation.error.journey', 409);
  await requireDone(app, row, 'address');
  const now = new Date();
  const until = activationHoldEnds(now);
  if (!(await repo.moveActivation(app.db, row.id, ['started'], { expiresAt: until }))) throw stateError();
  await numbering.offerActivationNumbers(app, app.db, row.id, now, until);
  await numbering.extendActivationHolds(app.db, row.id, now, until);
  return { activation: await viewOf(app, (await repo.findById(app.db, row.id))!) };
}

/** `PUT /restpp/subscriber/active/msisdn`: the customer's pick among the numbers held for them. */
export async function pickNumber(app: FastifyInstance, req: FastifyRequest, input: Input<'pick'>) {
  const row = await openActivation(app, req);
  if (row.journey !== 'newNumber') throw new AppError('activation.error.journey', 409);
  const held = await numbering.liveActivationHolds(app.db, row.id, new Date());
  if (!held.some((h) => h.number === input.number))
    throw new AppError(ActivationErrorKeys.number, 409, { fieldErrors: { number: [ActivationErrorKeys.number] } });
  return { activation: await viewOf(app, await step(app, row, { phoneNumber: input.number })) };
}

/**
 * `POST /restpp/subscriber/active/port`: the number to bring and its company (Peru: and modality), as
 * the portability capability's request for the holder's document. SIM-swap protection: a number that
 * is already a line here is never moved to this chip by an activation (that is the account's SIM change,
 * with its step-up), so it is refused with what to do.
 */
export async function savePort(app: FastifyInstance, req: FastifyRequest, input: Input<'port'>) {
  const row = await openActivation(app, req);
  if (row.journey !== 'port') throw new AppError('activation.error.journey', 409);
  await requireDone(app, row, 'address');
  const request = await portability
    .startDetachedRequest(
      app,
      { itemId: `activation:${row.id}`, phoneNumber: input.phoneNumber, document: row.document!, company: input.company, modality: input.modality },
      row.portRequestId,
    )
    .catch((error: unknown) => {
      if (error instanceof AppError && error.key === 'pp.error.portability.own.number')
        throw new AppError(ActivationErrorKeys.ourLine, 409, { fieldErrors: { phoneNumber: [ActivationErrorKeys.ourLine] } });
      throw error;
    });
  return { activation: await viewOf(app, await step(app, row, { phoneNumber: request.phoneNumber, portRequestId: request.id })) };
}

/**
 * `POST /restpp/subscriber/active/documents`: one side of the holder's document. Checked by its first
 * bytes (JPEG, PNG or WebP, whatever the declared type says) and its size; the browser sends it
 * downscaled and without EXIF. Kept in the database, never served back.
 */
export async function uploadDocument(app: FastifyInstance, req: FastifyRequest, input: Input<'document'>) {
  const row = await openActivation(app, req);
  if (row.journey !== 'port') throw new AppError('activation.error.journey', 409);
  const bytes = Buffer.from(input.image.data, 'base64');
  const verdict = checkAttachment(input.image.type, bytes);
  if (verdict !== 'ok') throw new AppError(verdict, 400, { fieldErrors: { image: [verdict] } });
  await repo.saveDocument(app.db, row.id, input.side, input.image.type, bytes.toString('base64'));
  return { activation: await viewOf(app, await step(app, row, {})), document: { side: input.side, type: input.image.type, bytes: bytes.length } };
}

/** The activation's port request, once its data and photos are in. */
async function portRequestOf(app: FastifyInstance, row: ActivationRow) {
  if (row.journey !== 'port') throw new AppError('activation.error.journey', 409);
  await requireDone(app, row, 'documents');
  const request = row.portRequestId === null ? undefined : await portability.requestById(app.db, row.portRequestId);
  if (!request) throw new AppError('activation.error.numberFirst', 409);
  return request;
}

/** `POST /restpp/subscriber/active/port/code`: the security code texted to the number being ported (the portability throttles). */
export async function sendPortCode(app: FastifyInstance, req: FastifyRequest) {
  const row = await openActivation(app, req);
  await portability.sendCode(app, await portRequestOf(app, row), req.ip);
  return { activation: await viewOf(app, await step(app, row, {})) };
}

/** `PUT /restpp/subscriber/active/port/code`: the code typed back; the registry then answers the port. */
export async function verifyPortCode(app: FastifyInstance, req: FastifyRequest, input: Input<'code'>) {
  const row = await openActivation(app, req);
  const request = await portRequestOf(app, row);
  if (request.state === 'code_sent' && !input.code) throw new AppError('validation.code', 400, { fieldErrors: { code: ['validation.code'] } });
  const answered = request.state === 'code_sent' ? await portability.verifyCode(app, request, input.code!) : await portability.refresh(app, request);
  if (answered.state === 'rejected') app.log.info({ activation: row.id, reason: answered.rejectReason }, 'activation port rejected by the registry');
  return { activation: await viewOf(app, await step(app, row, {})) };
}

/** `POST /restpp/subscriber/active/plan`: a plan offered for this journey (plan selector rules); the first month is what is paid. */
export async function choosePlan(app: FastifyInstance, req: FastifyRequest, input: Input<'plan'>) {
  const row = await openActivation(app, req);
  await requireDone(app, row, row.journey === 'port' ? 'code' : 'number');
  const plan = await plansRepo.findPlan(app.db, input.planId);
  if (!plan || !planOffered(plan, row.journey === 'port' ? 'portability' : 'newLine'))
    throw new AppError(ActivationErrorKeys.plan, 400, { fieldErrors: { planId: [ActivationErrorKeys.plan] } });
  // the promotion only when its terms name the line: a port-in, or a new number
  const amount = firstMonthPrice(termsForLine(plan, row.journey === 'port' ? 'portability' : 'newLine'));
  return { activation: await viewOf(app, await step(app, row, { planId: plan.id, amount, initialTopup: null })) };
}

/**
 * `POST /restpp/subscriber/active/topup`: a prepaid chip's initial top-up instead of a plan (issue 14
 * step 4). The amounts are the account's top-up amounts (the same rule as a line's top-up); the amount
 * is what is paid and, once paid, the new prepaid line's first balance. A plan chip is refused.
 */
export async function chooseTopup(app: FastifyInstance, req: FastifyRequest, input: Input<'topup'>) {
  const row = await openActivation(app, req);
  if (row.chipKind !== 'prepaid') throw new AppError(ActivationErrorKeys.topupChip, 409, { fieldErrors: { amount: [ActivationErrorKeys.topupChip] } });
  await requireDone(app, row, row.journey === 'port' ? 'code' : 'number');
  if (!isTopupAmount(app.market, input.amount)) throw new AppError(ActivationErrorKeys.topup, 400, { fieldErrors: { amount: [ActivationErrorKeys.topup] } });
  return { activation: await viewOf(app, await step(app, row, { planId: null, initialTopup: input.amount, amount: input.amount })) };
}

/**
 * `POST /restpp/subscriber/active/payment`: the first month at the payment gateway. The activation
 * moves to `paying` once (its row locked: parallel submits get the same redirect), its hold lasting the
 * gateway's time; the gateway is called outside any transaction. A gateway that cannot open the payment
 * leaves the activation as it was.
 */
export async function startPayment(app: FastifyInstance, req: FastifyRequest, input: Input<'payment'>) {
  if (!activationPaymentMethods(app.market.site).includes(input.paymentMethod))
    throw new AppError(ActivationErrorKeys.payment, 400, { fieldErrors: { paymentMethod: [ActivationErrorKeys.payment] } });
  /** A parallel or repeated submit: what the first one opened (it waits for it). */
  const replay = async (id: number) => {
    const first = await firstRedirect(() => repo.findById(app.db, id));
    if (first?.state !== 'paying' || !first.redirectUrl || !first.buyOrder) throw new AppError(ErrorKeys.connectRealService, 502);
    return paymentAnswer(first, true);
  };
  const row = await ownActivation(app, req);
  if (row?.state === 'paying') return replay(row.id);
  if (!row || row.state !== 'started' || row.expiresAt <= new Date()) throw row?.state === 'active' ? stateError() : noneError();
  await requireDone(app, row, 'plan');
  if (row.amount === null) throw new AppError('activation.error.planFirst', 409);
  const now = new Date();
  const cash = input.paymentMethod === 'cashCode';
  // a cash code waits for the bank or agent until it expires; the gateway's page, its own time
  const until = new Date(now.getTime() + (cash ? MARKET_PAYMENTS[app.market.site].cashCodeExpiryHours * 60 : ACTIVATION_PAYING_MINUTES) * MINUTE);
  const buyOrder = `AC${row.id.toString(36)}${randomBytes(5).toString('hex')}`.slice(0, 26);
  const paying = await repo.moveActivation(app.db, row.id, ['started'], {
    state: 'paying',
    payMethod: input.paymentMethod,
    buyOrder,
    payToken: null,
    redirectUrl: null,
    expiresAt: until,
  });
  // a parallel submit moved it first: its answer is this one's
  if (!paying) return replay(row.id);
  await numbering.extendActivationHolds(app.db, row.id, now, until);
  try {
    if (cash) {
      const { code } = await app.adapters.payments.createCashCode({ buyOrder, amount: row.amount, expiresAt: until, notifyUrl: ACTIVATION_CASH_NOTIFY_PATH });
      const done = await repo.moveActivation(app.db, row.id, ['paying'], { payToken: code, redirectUrl: `${ACTIVATION_PAGES[row.journey].pay}?cip=${code}` });
      return paymentAnswer(done ?? paying, false);
    }
    const created = await app.adapters.payments.create({ buyOrder, sessionId: `act${row.id}`, amount: row.amount, returnUrl: ACTIVATION_RETURN_PATH });
    const redirectUrl = `${created.url}?token_ws=${encodeURIComponent(created.token)}`;
    const done = await repo.moveActivation(app.db, row.id, ['paying'], { payToken: created.token, redirectUrl });
    return paymentAnswer(done ?? paying, false);
  } catch (error) {
    await repo.moveActivation(app.db, row.id, ['paying'], { state: 'started', payMethod: null, buyOrder: null, expiresAt: activationHoldEnds(new Date()) });
    if (error instanceof AppError) throw error;
    throw new AppError(ErrorKeys.connectRealService, 502);
  }
}

function paymentAnswer(row: ActivationRow, replayed: boolean) {
  const cash = row.payMethod === 'cashCode';
  return {
    buyOrder: row.buyOrder!,
    redirectUrl: row.redirectUrl!,
    replayed,
    paymentMethod: cash ? ('cashCode' as const) : ('webPay' as const),
    cashCode: cash ? row.payToken : null,
  };
}

/** Where the cash-code provider posts its signed notification for an activation's code. */
export const ACTIVATION_CASH_NOTIFY_PATH = '/restpp/subscriber/active/payment/notify';

/**
 * The cash-code provider's "paid" notification (Peru's CIP): only a genuinely signed one counts; it
 * settles the activation its code names once (the line opens as for a card); a repeat answers the state.
 */
export async function handleActivationCashPaid(app: FastifyInstance, signature: string | undefined, body: unknown) {
  const paid = app.adapters.payments.readPaidNotification(signature, body);
  if (!paid) throw new AppError('pp.error.payment.signature', 401);
  const row = await repo.findByToken(app.db, paid.code);
  if (!row || row.payMethod !== 'cashCode') throw new AppError('pp.error.payment.token', 404);
  if (row.state !== 'paying') return { code: paid.code, state: row.state };
  const settled = await settlePayment(app, row, {
    status: 'AUTHORIZED',
    responseCode: 0,
    buyOrder: row.buyOrder ?? '',
    amount: paid.amount,
    authorizationCode: null,
    cardLast4: null,
    paymentType: 'CIP',
    installmentsNumber: 0,
    installmentsAmount: null,
    alreadyCommitted: false,
  });
  return { code: paid.code, state: settled.state };
}

class NotPaying extends Error {}

/** The method the activation is paid with, as the payment metrics name it: the gateway's unless Peru's cash code. */
function paidWith(row: Pick<ActivationRow, 'payMethod'>): PaymentMethodId {
  return row.payMethod ?? 'webPay';
}

/**
 * Settles a committed payment of an activation. Approved for the full amount while the activation is
 * still paying: in one transaction the customer is found or created by the document, the line opened
 * on the chip with the held number, the hold taken and the activation made `active` (guarded: a second
 * settlement finds it active and changes nothing). Approved for an activation that lapsed meanwhile, or
 * whose number went: the payment is given back. Refused: the activation goes back to its payment step,
 * the chip and the number still held for it.
 */
async function settlePayment(app: FastifyInstance, row: ActivationRow, commit: PaymentOutcome): Promise<ActivationRow> {
  const approved = commit.status === 'AUTHORIZED' && commit.responseCode === 0 && commit.amount === row.amount && commit.buyOrder === row.buyOrder;
  if (!approved) {
    const back = await repo.moveActivation(app.db, row.id, ['paying'], { state: 'started', expiresAt: activationHoldEnds(new Date()) });
    if (back) {
      // counted by the return that moved it back; a replayed one finds it moved
      app.metrics.payment(commit.status === 'ABORTED' ? 'aborted' : 'rejected', paidWith(row));
      await numbering.extendActivationHolds(app.db, row.id, new Date(), back.expiresAt);
    }
    return back ?? (await repo.findById(app.db, row.id)) ?? row;
  }
  const plan = row.planId ? await plansRepo.findPlan(app.db, row.planId) : undefined;
  try {
    const activated = await app.db.transaction(async (tx) => {
      const locked = await repo.lockActivation(tx, row.id);
      if (locked?.state !== 'paying' || locked.payToken !== row.payToken || !locked.phoneNumber) throw new NotPaying();
      // a prepaid chip's initial top-up, or a plan's first month
      const topup = locked.initialTopup;
      if (topup === null && !plan) throw new NotPaying();
      const now = new Date();
      const port = locked.journey === 'port' && locked.portRequestId !== null ? await portability.requestById(tx, locked.portRequestId) : undefined;
      if (locked.journey === 'port' && (!port || !isPortabilityReady(port.state))) throw new NotPaying();
      const customer = await createCustomerProfile(tx, app.market, {
        name: locked.holderName ?? '',
        document: locked.document ?? '',
        email: locked.email ?? '',
        phoneNumber: locked.contactPhone ?? '',
      });
      // the number went to someone else while the payment waited: refunded, never a number held for another
      if (locked.journey === 'newNumber' && !(await numbering.takeActivationHold(tx, row.id, locked.phoneNumber))) throw new NotPaying();
      // the first month was this payment: one of the promotion's, and the bills start after it
      const promotion =
        plan && topup === null ? linePromotion(termsForLine(plan, locked.journey === 'port' ? 'portability' : 'newLine'), ACTIVATION_MONTHS_PAID) : null;
      const lineId = await openChipLine(tx, {
        customerId: customer.id,
        phoneNumber: locked.phoneNumber,
        kind: topup !== null ? 'prepaid' : lineKindOf(plan!.customerGroup),
        planId: topup !== null ? null : plan!.id,
        // a port works from the registry's window (lines-as-of then makes it active)
        status: port?.scheduledFor && port.scheduledFor > now ? 'porting' : 'active',
        simCode: locked.iccid,
        promoPrice: promotion?.promoPrice ?? null,
        promoMonths: promotion?.promoMonths ?? null,
        activatedAt: now,
      });
      if (lineId === null) throw new NotPaying();
      // credited in the transaction that makes the activation active: a replayed or parallel settlement credits nothing
      if (topup !== null) await creditTopup(tx, { lineId, amount: topup, reference: locked.buyOrder ?? '', method: paidMethod(commit) });
      await numbering.releaseActivationHolds(tx, row.id);
      const done = await repo.moveActivation(tx, row.id, ['paying'], {
        state: 'active',
        customerId: customer.id,
        lineId,
        newCustomer: customer.created,
        cardLast4: commit.cardLast4,
        activatedAt: now,
      });
      if (!done) throw new NotPaying();
      return done;
    });
    app.metrics.payment('approved', paidWith(row));
    try {
      await app.adapters.simInventory.activated(activated.iccid, activated.phoneNumber!);
    } catch (error) {
      app.log.error({ err: error, activation: activated.id }, 'sim inventory not told of an activation');
    }
    return activated;
  } catch (error) {
    if (!(error instanceof NotPaying)) throw error;
    const now = (await repo.findById(app.db, row.id)) ?? row;
    // already made a line by this same payment: a replayed return
    if (now.state === 'active' && now.payToken === row.payToken) return now;
    app.log.warn({ activation: row.id, buyOrder: row.buyOrder }, 'approved activation payment without an activation to open: refunded');
    // owed back is recorded before the activation lets go, so the sweep gives it back should this process
    // stop, or the gateway not take the refund now
    const owed = await repo.markRefundDue(app.db, row.id, row.payToken!, new Date());
    // the payment was taken, and is owed back (refundActivation counts the refund)
    if (owed) app.metrics.payment('approved', paidWith(row));
    await endActivation(app, app.db, now, 'cancelled', ['paying']);
    if (owed) await refundActivation(app, row.id);
    else
      await app.adapters.payments
        .refund(row.payToken!)
        .catch((refundError: unknown) => app.log.error({ err: refundError, buyOrder: row.buyOrder }, 'activation refund failed'));
    return (await repo.findById(app.db, row.id)) ?? now;
  }
}

/**
 * Gives back an activation's payment owed back, once: claimed in the database first (decision 013, one
 * process at a time), then the gateway's refund of the payment's token, which the gateway answers with
 * the first refund when asked again (the token is the refund's idempotency key). A refund the gateway
 * does not take now stays owed, and the activation sweep asks again until it is given back.
 */
async function refundActivation(app: FastifyInstance, id: number): Promise<boolean> {
  const claim = newClaim();
  const row = await repo.claimRefund(app.db, id, claim);
  if (!row?.payToken) return false;
  let refundedAt: Date | null = null;
  try {
    const refund = await app.adapters.payments.refund(row.payToken);
    refundedAt = new Date();
    app.metrics.payment('refunded', paidWith(row));
    app.log.info({ activation: id, buyOrder: row.buyOrder, amount: refund.amount }, 'activation payment refunded');
  } catch (error) {
    app.metrics.payment('refund_failed', paidWith(row));
    app.log.error({ err: error, activation: id, buyOrder: row.buyOrder }, 'activation refund failed; the activation sweep retries');
  } finally {
    await repo.releaseRefund(app.db, id, claim, refundedAt);
  }
  return refundedAt !== null;
}

/**
 * Commits the payment at the gateway; when the commit's answer is lost (the gateway may have taken the
 * money), asks the gateway what it recorded. Null when neither answers: the page says the result is
 * unknown and the sweep settles it from the gateway's record later.
 */
async function commitOrAsk(app: FastifyInstance, token: string): Promise<PaymentOutcome | null> {
  try {
    return await app.adapters.payments.commit(token);
  } catch (error) {
    app.log.warn({ err: error }, 'activation commit without an answer: asking the gateway');
    try {
      const known = await app.adapters.payments.status(token);
      return known.committed ? known.outcome : null;
    } catch (statusError) {
      app.log.error({ err: statusError }, 'activation payment status unknown');
      return null;
    }
  }
}

/** The gateway's record of a payment: null when it cannot be asked now (the sweep asks again next time). */
async function gatewayRecord(app: FastifyInstance, token: string) {
  try {
    return await app.adapters.payments.status(token);
  } catch (error) {
    // the gateway answered that it never took this token: nothing was charged
    if (error instanceof AppError && error.status < 500) return { committed: false as const };
    app.log.warn({ err: error }, 'payment gateway unreachable: the activation at the gateway waits for the next sweep');
    return null;
  }
}

export type ActivationReturn = { result: 'approved' | 'rejected' | 'unknown'; page: string };

/**
 * The gateway's return (`GET /restpp/subscriber/active/return`): the attempt its token names (a buy
 * order alone counts only for the browser that started it), committed at the gateway and settled
 * once; a replayed return of an activated chip changes nothing.
 */
export async function finishPayment(app: FastifyInstance, req: FastifyRequest, query: GatewayReturnQuery): Promise<ActivationReturn> {
  const mine = await ownActivation(app, req);
  const row = await attemptOfReturn(
    readGatewayReturn(query),
    { byToken: (token) => repo.findByToken(app.db, token), byBuyOrder: (buyOrder) => repo.findByBuyOrder(app.db, buyOrder) },
    async (found) => found.id === mine?.id,
  );
  const unknownPage = mine ? `${ACTIVATION_PAGES[mine.journey].pay}?resultado=unknown` : `${ACTIVATION_PAGES.newNumber.start}?resultado=unknown`;
  if (!row?.payToken) return { result: 'unknown', page: unknownPage };
  const pages = ACTIVATION_PAGES[row.journey];
  if (row.state === 'active') return { result: 'approved', page: pages.done };
  if (row.state !== 'paying') return { result: 'unknown', page: `${pages.pay}?resultado=unknown` };
  const commit = await commitOrAsk(app, row.payToken);
  if (!commit) return { result: 'unknown', page: `${pages.pay}?resultado=unknown` };
  const settled = await settlePayment(app, row, commit);
  if (settled.state === 'active') return { result: 'approved', page: pages.done };
  return { result: 'rejected', page: `${pages.pay}?resultado=rechazado` };
}

/** Unfinished activations let go per sweep, so one slow sweep never runs into the next. */
const ACTIVATIONS_PER_SWEEP = 100;

/**
 * The activation sweep (one process at a time, periodic.ts): an unfinished activation past its hold
 * lets its chip and numbers go; one left at the gateway past its time is settled with what the gateway
 * recorded (a payment that went through opens its line, as its return would have), or let go when
 * the gateway never took it. A payment owed back (taken for an activation that could not open its line)
 * is asked of the gateway again until it is given back. Answers how many were let go, settled or refunded.
 */
export async function sweepActivations(app: FastifyInstance, now = new Date()): Promise<number> {
  let done = 0;
  for (const row of await repo.lapsed(app.db, now, new Date(now.getTime() - COMMIT_GRACE_MS), ACTIVATIONS_PER_SWEEP)) {
    try {
      if (row.state === 'paying' && row.payToken) {
        const known = await gatewayRecord(app, row.payToken);
        if (!known) continue;
        if (known.committed) {
          await settlePayment(app, row, known.outcome);
          done += 1;
          continue;
        }
      }
      if (await endActivation(app, app.db, row, 'expired', [row.state])) done += 1;
    } catch (error) {
      app.log.error({ err: error, activation: row.id }, 'activation sweep failed for one activation');
    }
  }
  for (const row of await repo.refundsDue(app.db, ACTIVATIONS_PER_SWEEP)) {
    if (await refundActivation(app, row.id)) done += 1;
  }
  return done;
}
