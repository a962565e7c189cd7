import { randomBytes, randomInt } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@andes/db/client';
import type { Market } from '@andes/domain/market';
import { normalizeRut } from '@andes/domain/rut';
import { defaultPlansTab, isBamPlan, linePromotion, linesOpenedBy, planBaseId } from '@andes/domain/plans';
import { PLAN_GROUPS, lineKindOf, planOffered, planVersion, simTypeOfChoice, type ActiveSimType, type PlanGroup } from '@andes/domain/plans-sale';
import { AppError } from '../../http/errors.ts';
import { lookUpDocument } from '../auth/throttle.ts';
import * as portabilityRepo from '../portability/repo.ts';
import { activateDuePorts } from '../subscriber/index.ts';
import * as repo from './repo.ts';
import type { PlanRow } from './repo.ts';

/** A plan as its card shows it (SPEC §3 "Plan"); prices in minor units. */
export function planCard(p: PlanRow, selectedId: string | null) {
  return {
    id: p.id,
    baseId: planBaseId(p.id),
    version: planVersion(p.id),
    planName: p.planName,
    commerceName: p.commerceName,
    customerGroup: p.customerGroup as PlanGroup,
    price: p.price,
    commercePrice: p.commercePrice,
    data: p.data,
    voice: p.voice,
    sms: p.sms,
    isBam: isBamPlan(p.planName),
    socialMedia: p.socialMedia,
    advancedPlan: p.advancedPlan,
    promotion: p.promotion,
    planDiscountPercentage: p.discountPercentage,
    planDiscountDescription: p.discountDescription,
    /** How many months the promotional price (commercePrice) lasts; null: as long as the plan (planPriceInMonth). */
    planDiscountMonths: p.discountMonths,
    showInActivationFlow: p.showInActivationFlow,
    rentalType: p.rentalType,
    planType: p.planType,
    selected: p.id === selectedId,
  };
}

export type PlanCard = ReturnType<typeof planCard>;

export interface PlanSelection {
  id: string;
  isPortability: boolean;
  activeSimType?: ActiveSimType;
}

const SELECTION_KEY = 'selectedPlan';

export function selectionOf(req: FastifyRequest): PlanSelection | null {
  const value = req.session?.data[SELECTION_KEY] as PlanSelection | undefined;
  return value && typeof value.id === 'string' ? value : null;
}

/**
 * The three groups of the plan selector (SPEC §2 "Plan selector"): only plans flagged for the
 * activation flow and offered for the journey (`activeSimType`: new line, portability, additional line).
 */
export async function plansList(app: FastifyInstance, activeSimType: ActiveSimType, selectedId: string | null) {
  const rows = (await repo.activationPlans(app.db)).filter((p) => planOffered(p, activeSimType));
  const groups = Object.fromEntries(PLAN_GROUPS.map((g) => [g, rows.filter((p) => p.customerGroup === g).map((p) => planCard(p, selectedId))])) as Record<PlanGroup, PlanCard[]>;
  return {
    activeSimType,
    ...groups,
    blueGroupName: `${app.market.brand}Blue`,
    defaultTab: defaultPlansTab(groups),
    selectValue: selectedId,
  };
}

/** Keeps the chosen plan in the session for the journey's next pages ("select plan"). */
export async function selectPlanFor(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, selection: PlanSelection): Promise<PlanCard> {
  const plan = await repo.findPlan(app.db, selection.id);
  if (!plan) throw new AppError('plans.error.unknown', 404, { fieldErrors: { id: ['plans.error.unknown'] } });
  // only what the selector lists may be chosen: flagged for the activation flow and this journey
  if (!planOffered(plan, simTypeOfChoice(selection))) throw new AppError('plans.error.notOffered', 409, { fieldErrors: { id: ['plans.error.notOffered'] } });
  const session = await app.sessions.ensure(req, reply);
  await app.sessions.saveData(req, { ...session.data, [SELECTION_KEY]: selection });
  return planCard(plan, plan.id);
}

/** The session's choice, with the journey it was chosen for (the renewal list shows a choice made for a customer's line). */
export async function selectedPlan(app: FastifyInstance, req: FastifyRequest): Promise<{ plan: PlanCard; isPortability: boolean; activeSimType: ActiveSimType } | null> {
  const selection = selectionOf(req);
  if (!selection) return null;
  const plan = await repo.findPlan(app.db, selection.id);
  return plan ? { plan: planCard(plan, plan.id), isPortability: selection.isPortability, activeSimType: simTypeOfChoice(selection) } : null;
}

/** The stored form of a document (customers.document), '' when it is not valid for the market. */
export function normalizedDocument(market: Market, document: string): string {
  return market.document.kind === 'rut' ? normalizeRut(document) : /^\d+$/.test(document.trim()) ? document.trim() : '';
}

/**
 * "Check customer active v3": whether a document already belongs to a customer. Either answer says
 * something about a person, so each counts per document and per address like a wrong ownership pair.
 */
export async function customerActive(app: FastifyInstance, document: string, address: string): Promise<boolean> {
  const key = normalizedDocument(app.market, document);
  if (!key) return false;
  return lookUpDocument(app.db, key, address, async () => !!(await repo.findCustomerByDocument(app.db, key)));
}

const NUMBER_ATTEMPTS = 20;

/** A free 9-digit mobile number starting with 9 (DOMAIN.md "Phone numbers"). */
async function freeNumber(tx: Db): Promise<string> {
  for (let i = 0; i < NUMBER_ATTEMPTS; i++) {
    const candidate = `9${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    if (!(await repo.phoneNumberTaken(tx, candidate))) return candidate;
  }
  throw new AppError('plans.error.numbers', 503);
}

/** An ICCID-like 20-digit SIM code: 89 + country code + issuer + serial + Luhn digit. */
function newSimCode(market: Market): string {
  const serial = String(randomInt(0, 1_000_000_000)).padStart(9, '0') + String(randomInt(0, 10_000)).padStart(4, '0');
  const body = `89${market.phonePrefix}07${serial}`;
  return body + luhn(body);
}

function luhn(body: string): string {
  let sum = 0;
  [...body].reverse().forEach((c, i) => {
    let d = Number(c) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  });
  return String((10 - (sum % 10)) % 10);
}

interface PaidOrder {
  id: number;
  cartId: number;
  customerId: number | null;
  contact: { name: string; document: string; email: string; phoneNumber: string } | null;
}

/**
 * "Create customer profile" for a buyer who is not yet a customer: the profile is keyed by the
 * document, has no usable secret yet (the customer creates one with password recovery or, in Peru,
 * the unique-password page), and keeps the contact the buyer gave.
 */
async function customerFor(tx: Db, market: Market, order: PaidOrder): Promise<{ id: number; created: boolean }> {
  if (order.customerId !== null) return { id: order.customerId, created: false };
  return createCustomerProfile(tx, market, order.contact);
}

/**
 * "Create customer profile" (for additional lines and VEP, SPEC §7 named actions): the buyer's profile
 * keyed by the document, made once; a second call finds it.
 */
export async function createCustomerProfile(tx: Db, market: Market, contact: PaidOrder['contact']): Promise<{ id: number; created: boolean }> {
  const document = contact ? normalizedDocument(market, contact.document) : '';
  if (!contact || !document) throw new AppError('pp.error.checkout.identification', 409);
  const existing = await repo.findCustomerByDocument(tx, document);
  if (existing) return { id: existing.id, created: false };
  const [firstName, ...rest] = contact.name.trim().split(/\s+/);
  const id = await repo.insertCustomer(tx, {
    document,
    firstName,
    lastName: rest.join(' '),
    email: contact.email,
    contactPhone: contact.phoneNumber,
    gender: 'unknown',
    secretHash: await hash(randomBytes(32).toString('base64url')),
    secretCreated: false,
  });
  return { id, created: true };
}

/** Opens one line, drawing new numbers until a free one sticks (a concurrent order may take one first). */
async function openNewNumber(tx: Db, market: Market, row: Omit<Parameters<typeof repo.insertLine>[1], 'phoneNumber' | 'simCode'>): Promise<{ lineId: number; phoneNumber: string }> {
  for (;;) {
    const phoneNumber = await freeNumber(tx);
    const lineId = await repo.insertLine(tx, { ...row, phoneNumber, simCode: newSimCode(market) });
    if (lineId !== null) return { lineId, phoneNumber };
  }
}

/**
 * Opens the lines of a paid order's plans, in the payment's transaction: a new-line plan gets new
 * numbers (two for a `multi_` plan); a portability line gets the ported number, `porting` until the
 * registry's port window (then `active`, see {@link activateDuePorts}). Replays find the activations
 * and do nothing.
 */
export async function openPlanLines(app: FastifyInstance, tx: Db, order: PaidOrder): Promise<void> {
  const ordered = await repo.planOrderLines(tx, order.id);
  if (!ordered.length) return;
  const inCart = new Map((await repo.planCartLines(tx, order.cartId)).map((l) => [l.itemId, l]));
  const done = new Set((await repo.activationsOf(tx, order.id)).map((a) => `${a.planId}:${a.slot}`));
  const plans = new Map((await repo.plansByIds(tx, ordered.map((l) => l.itemId))).map((p) => [p.id, p]));
  const ports = ordered.some((l) => inCart.get(l.itemId)?.isPortability) ? await portabilityRepo.requestsOfCart(tx, order.cartId, ['accepted']) : [];
  const customer = await customerFor(tx, app.market, order);
  const now = new Date();
  for (const line of ordered) {
    const plan = plans.get(line.itemId);
    if (!plan) continue;
    const cartLine = inCart.get(line.itemId);
    const billing = { billingEmail: cartLine?.billingEmail ?? null, billingMsisdn: cartLine?.billingMsisdn ?? null };
    // the line is billed at the price it was sold at: the plan's promotion goes with it (planPriceInMonth)
    const promotion = linePromotion(plan);
    const base = { customerId: customer.id, kind: lineKindOf(plan.customerGroup), planId: plan.id, promoPrice: promotion?.promoPrice ?? null, promoMonths: promotion?.promoMonths ?? null };
    if (cartLine?.isPortability) {
      if (done.has(`${plan.id}:1`)) continue;
      const port = ports.find((r) => r.itemId === plan.id);
      // order creation requires an accepted port; one cancelled meanwhile opens nothing and is logged
      if (!port) {
        app.log.error({ orderId: order.id, planId: plan.id }, 'paid portability line without an accepted port');
        continue;
      }
      const status = port.scheduledFor && port.scheduledFor > now ? 'porting' : 'active';
      const lineId = await repo.insertLine(tx, { ...base, phoneNumber: port.phoneNumber, simCode: newSimCode(app.market), status });
      if (lineId === null) {
        app.log.error({ orderId: order.id, request: port.number }, 'ported number is already a line');
        continue;
      }
      await repo.insertActivation(tx, { orderId: order.id, planId: plan.id, customerId: customer.id, lineId, phoneNumber: port.phoneNumber, newCustomer: customer.created, ported: true, ...billing });
      continue;
    }
    for (let slot = 1; slot <= linesOpenedBy(plan.id); slot++) {
      if (done.has(`${plan.id}:${slot}`)) continue;
      const { lineId, phoneNumber } = await openNewNumber(tx, app.market, { ...base, status: 'active' });
      await repo.insertActivation(tx, { orderId: order.id, planId: plan.id, customerId: customer.id, lineId, phoneNumber, newCustomer: customer.created, slot, ...billing });
    }
  }
}

/** The lines a paid order opened, for its success page. */
export async function activationsView(app: FastifyInstance, orderId: number) {
  await activateDuePorts(app.db);
  const rows = await repo.activationsWithLines(app.db, orderId);
  const plans = new Map((await repo.plansByIds(app.db, rows.map((r) => r.planId))).map((p) => [p.id, p]));
  return rows.map((r) => ({
    planId: r.planId,
    planName: plans.get(r.planId)?.planName ?? r.planId,
    phoneNumber: r.phoneNumber,
    // the order-line fields of SPEC §3, known once the line is open
    planPhoneNumber: r.phoneNumber,
    planSN: r.simCode,
    ported: r.ported,
    status: r.status,
    scheduledFor: r.scheduledFor?.toISOString() ?? null,
    newCustomer: r.newCustomer,
    billing_email: r.billingEmail,
    billing_msisdn: r.billingMsisdn,
  }));
}

/** The document of a customer's profile ('' when there is none). */
export async function customerDocument(db: Db, customerId: number): Promise<string> {
  return (await repo.findCustomerById(db, customerId))?.document ?? '';
}
