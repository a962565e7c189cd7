import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatRut } from '@andes/domain/rut';
import { mobileRequestNumber, type MobileDelivery } from '@andes/domain/migration-mobile';
import { AppError, notFound } from '../../http/errors.ts';
import { geoChain } from '../cart/checkout.service.ts';
import { findPlan } from '../plans/plans.repo.ts';
import { normalizedDocument } from '@andes/domain/customer-document';
import { planCard, selectionOf } from '../plans/plans.service.ts';
import * as repo from './mobile.repo.ts';

/** The delivery data kept in the session between `entrega` and `confirmacion`. */
type Draft = MobileDelivery & { planId: string };
const DRAFT_KEY = 'mobileRequest';

function draftOf(req: FastifyRequest): Draft | null {
  const value = req.session?.data[DRAFT_KEY] as Draft | undefined;
  return value && typeof value.planId === 'string' ? value : null;
}

/** The plan chosen for the journey ("select plan"), when it is still offered. */
async function chosenPlan(app: FastifyInstance, req: FastifyRequest) {
  const selection = selectionOf(req);
  const plan = selection ? await findPlan(app.db, selection.id) : undefined;
  if (!plan?.showInActivationFlow) throw new AppError('mobile.error.noPlan', 409);
  return plan;
}

async function placeOf(app: FastifyInstance, draft: Pick<Draft, 'region' | 'province' | 'commune'>) {
  const chain = await geoChain(app.db, app.market, draft);
  if (!chain) throw new AppError('pp.error.checkout.geo', 400, { fieldErrors: { commune: ['pp.error.checkout.geo'] } });
  return chain;
}

function shownDocument(app: FastifyInstance, document: string) {
  return app.market.document.kind === 'rut' ? formatRut(document) : document;
}

/** What the confirmation page shows: the plan, who asks and where the SIM goes (area names, not codes). */
async function draftView(app: FastifyInstance, draft: Draft) {
  const [plan, place] = await Promise.all([findPlan(app.db, draft.planId), placeOf(app, draft)]);
  if (!plan) throw new AppError('mobile.error.noPlan', 409);
  return {
    plan: planCard(plan, plan.id),
    name: draft.name,
    document: shownDocument(app, draft.document),
    email: draft.email,
    phoneNumber: draft.phoneNumber,
    address: addressLine(draft, place.commune.name, place.region.name),
  };
}

function addressLine(a: { streetName: string; addressNumber: string; detailsAddressNumber: string }, commune: string, region: string) {
  return [`${a.streetName} ${a.addressNumber}`, a.detailsAddressNumber, commune, region].filter(Boolean).join(', ');
}

/** `entrega`: checks the address against the real geography and keeps the data for the confirmation. */
export async function saveDelivery(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, input: MobileDelivery) {
  const plan = await chosenPlan(app, req);
  const place = await placeOf(app, input);
  const draft: Draft = { ...input, document: normalizedDocument(app.market, input.document), province: place.province.code, planId: plan.id };
  const session = await app.sessions.ensure(req, reply);
  await app.sessions.saveData(req, { ...session.data, [DRAFT_KEY]: draft });
  return draftView(app, draft);
}

export async function currentDraft(app: FastifyInstance, req: FastifyRequest) {
  const draft = draftOf(req);
  if (!draft) throw new AppError('mobile.error.noRequest', 404);
  return draftView(app, draft);
}

/**
 * `confirmacion`: the network must cover the address (the SIM is activated there), then the request
 * is recorded once per idempotency key; a replay answers the first request's number.
 */
export async function confirmRequest(app: FastifyInstance, req: FastifyRequest, idempotencyKey: string) {
  const sessionKey = req.session?.idHash;
  const earlier = sessionKey ? await repo.findByKey(app.db, sessionKey, idempotencyKey) : undefined;
  if (earlier?.number) return { number: earlier.number, replayed: true };
  const draft = draftOf(req);
  if (!sessionKey || !draft) throw new AppError('mobile.error.noRequest', 409);
  const place = await placeOf(app, draft);
  const coverage = await app.adapters.coverage.check({ regionCode: place.region.code, provinceCode: place.province.code, communeCode: place.commune.code });
  if (!coverage.covered) throw new AppError('mobile.error.coverage', 409, { params: { commune: place.commune.name } });
  const number = await app.db.transaction(async (tx) => {
    const created = await repo.insertRequest(tx, {
      sessionKey,
      customerId: req.session?.customerId ?? null,
      planId: draft.planId,
      name: draft.name,
      document: draft.document,
      email: draft.email,
      phoneNumber: draft.phoneNumber,
      regionCode: place.region.code,
      provinceCode: place.province.code,
      communeCode: place.commune.code,
      streetName: draft.streetName,
      addressNumber: draft.addressNumber,
      detailsAddressNumber: draft.detailsAddressNumber,
      idempotencyKey,
    });
    if (!created) return (await repo.findByKey(tx, sessionKey, idempotencyKey))?.number ?? null;
    const value = mobileRequestNumber(app.market.site, created.id);
    await repo.setNumber(tx, created.id, value);
    return value;
  });
  if (!number) throw new AppError('pp.error.generic', 500);
  const { [DRAFT_KEY]: _done, ...rest } = req.session?.data ?? {};
  await app.sessions.saveData(req, rest);
  return { number, replayed: false };
}

/** A request for its success page: only the browser that made it, or the customer it belongs to. */
export async function requestView(app: FastifyInstance, req: FastifyRequest, number: string) {
  const row = number.length <= 40 ? await repo.findByNumber(app.db, number) : undefined;
  const session = req.session;
  const mine = row && session && (row.sessionKey === session.idHash || (row.customerId !== null && row.customerId === session.customerId));
  if (!row || !mine) throw notFound();
  const [plan, place] = await Promise.all([
    findPlan(app.db, row.planId),
    placeOf(app, { region: row.regionCode, province: row.provinceCode, commune: row.communeCode }),
  ]);
  return {
    number: row.number,
    plan: plan ? planCard(plan, plan.id) : null,
    name: row.name,
    address: addressLine(row, place.commune.name, place.region.name),
    createdAt: row.createdAt.toISOString(),
  };
}
