import { randomBytes, randomInt } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@andes/db/client';
import type { Market } from '@andes/domain/market';
import { normalizeRut } from '@andes/domain/rut';
import { defaultPlansTab, isBamPlan, planBaseId } from '@andes/domain/plans';
import { PLAN_GROUPS, lineKindOf, planVersion, type ActiveSimType, type PlanGroup } from '@andes/domain/plans-sale';
import { AppError } from '../../http/errors.ts';
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
}

const SELECTION_KEY = 'selectedPlan';

export function selectionOf(req: FastifyRequest): PlanSelection | null {
  const value = req.session?.data[SELECTION_KEY] as PlanSelection | undefined;
  return value && typeof value.id === 'string' ? value : null;
}

/** The three groups of the plan selector, only plans flagged for the activation flow (SPEC §2 "Plan selector"). */
export async function plansList(app: FastifyInstance, activeSimType: ActiveSimType, selectedId: string | null) {
  const rows = await repo.activationPlans(app.db);
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
  const session = await app.sessions.ensure(req, reply);
  await app.sessions.saveData(req, { ...session.data, [SELECTION_KEY]: selection });
  return planCard(plan, plan.id);
}

export async function selectedPlan(app: FastifyInstance, req: FastifyRequest): Promise<{ plan: PlanCard; isPortability: boolean } | null> {
  const selection = selectionOf(req);
  if (!selection) return null;
  const plan = await repo.findPlan(app.db, selection.id);
  return plan ? { plan: planCard(plan, plan.id), isPortability: selection.isPortability } : null;
}

/** The stored form of a document (customers.document), '' when it is not valid for the market. */
export function normalizedDocument(market: Market, document: string): string {
  return market.document.kind === 'rut' ? normalizeRut(document) : /^\d+$/.test(document.trim()) ? document.trim() : '';
}

/** "Check customer active v3": whether a document already belongs to a customer. */
export async function customerActive(app: FastifyInstance, document: string): Promise<boolean> {
  const key = normalizedDocument(app.market, document);
  return !!key && !!(await repo.findCustomerByDocument(app.db, key));
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
  const contact = order.contact;
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

/**
 * Opens a line with a new number for each new-line plan of a paid order, in the payment's
 * transaction. Portability lines are left to the portability capability (the number is the ported
 * one, known once the port completes). Replays find the activation and do nothing.
 */
export async function openPlanLines(app: FastifyInstance, tx: Db, order: PaidOrder): Promise<void> {
  const ordered = await repo.planOrderLines(tx, order.id);
  if (!ordered.length) return;
  const inCart = new Map((await repo.planCartLines(tx, order.cartId)).map((l) => [l.itemId, l]));
  const newLines = ordered.filter((l) => !inCart.get(l.itemId)?.isPortability);
  if (!newLines.length) return;
  const done = new Set((await repo.activationsOf(tx, order.id)).map((a) => a.planId));
  const plans = new Map((await repo.plansByIds(tx, newLines.map((l) => l.itemId))).map((p) => [p.id, p]));
  const customer = await customerFor(tx, app.market, order);
  for (const line of newLines) {
    const plan = plans.get(line.itemId);
    if (!plan || done.has(plan.id)) continue;
    const cartLine = inCart.get(line.itemId);
    let lineId: number | null = null;
    let phoneNumber = '';
    while (lineId === null) {
      phoneNumber = await freeNumber(tx);
      lineId = await repo.insertLine(tx, { customerId: customer.id, phoneNumber, kind: lineKindOf(plan.customerGroup), planId: plan.id, simCode: newSimCode(app.market), status: 'active' });
    }
    await repo.insertActivation(tx, {
      orderId: order.id,
      planId: plan.id,
      customerId: customer.id,
      lineId,
      phoneNumber,
      newCustomer: customer.created,
      billingEmail: cartLine?.billingEmail ?? null,
      billingMsisdn: cartLine?.billingMsisdn ?? null,
    });
  }
}

/** The lines a paid order opened, for its success page. */
export async function activationsView(app: FastifyInstance, orderId: number) {
  const rows = await repo.activationsOf(app.db, orderId);
  const plans = new Map((await repo.plansByIds(app.db, rows.map((r) => r.planId))).map((p) => [p.id, p]));
  return rows.map((r) => ({
    planId: r.planId,
    planName: plans.get(r.planId)?.planName ?? r.planId,
    phoneNumber: r.phoneNumber,
    newCustomer: r.newCustomer,
    billing_email: r.billingEmail,
    billing_msisdn: r.billingMsisdn,
  }));
}
