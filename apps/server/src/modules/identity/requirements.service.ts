import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@andes/db/client';
import type { CreditOutcome, CreditPurpose } from '@andes/domain/credit';
import {
  APPROVAL_TTL_MS,
  RequirementErrorKeys,
  creditOutcomeOf,
  firstUnmet,
  isMet,
  journeyNextPage,
  journeyRequirements,
  requirementPage,
  type Approval,
  type Requirement,
  type RequirementKind,
} from '@andes/domain/journey-requirements';
import { CREDIT_PAGES } from '@andes/domain/credit';
import { isPlanSale } from '@andes/domain/plans-sale';
import { AppError } from '../../http/errors.ts';
import { normalizeDocument } from '@andes/domain/customer-document';
import * as repo from './identity.repo.ts';

type CartRow = typeof schema.carts.$inferSelect;
type CartLineRow = typeof schema.cartLines.$inferSelect;

/** What a cart holds that decides its checks (SPEC §2 named steps of the plans checkout). */
export interface CartFacts {
  lines: CartLineRow[];
  planInCart: boolean;
  financed: boolean;
  /** Financed phones with their stock, for the equipment-error outcome. */
  financedEquipment: Array<{ id: string; quantity: number; stock: number }>;
  portabilityHolder: string | null;
}

/**
 * What the checks read of the cart, plans and portability capabilities (flows/journey-cart.flow.ts
 * provides it): the cart's facts, from the lines a transaction already read when it gives them, and
 * whether the visitor chose a plan in this session.
 */
export interface JourneyCart {
  facts(db: Db, cart: CartRow | null, read?: CartLineRow[]): Promise<CartFacts>;
  planChosen(req: FastifyRequest): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    journeyCart: JourneyCart;
  }
}

const factsOf = (app: FastifyInstance, db: Db, cart: CartRow | null, read?: CartLineRow[]) => app.journeyCart.facts(db, cart, read);

/** The buyer's stored document: the signed-in customer's, else the guest's the cart was identified with. */
export async function buyerDocument(app: FastifyInstance, db: Db, cart: CartRow | null, customerId: number | null): Promise<string | null> {
  if (customerId !== null) {
    const [row] = await db.select({ document: schema.customers.document }).from(schema.customers).where(eq(schema.customers.id, customerId));
    return row?.document ?? null;
  }
  return cart?.guest?.document ? normalizeDocument(app.market, cart.guest.document) : null;
}

const approvalOf = (r: repo.ApprovalRow): Approval => ({
  kind: r.kind as RequirementKind,
  purpose: (r.purpose || null) as CreditPurpose | null,
  document: r.document,
  outcome: r.outcome,
});

async function approvalsFor(db: Db, cart: CartRow | null): Promise<Approval[]> {
  return cart ? (await repo.approvalsOf(db, cart.id, new Date())).map(approvalOf) : [];
}

/** Keeps a check's answer for the cart the journey is filling. */
export async function recordApproval(
  app: FastifyInstance,
  cart: CartRow,
  kind: RequirementKind,
  purpose: CreditPurpose | null,
  document: string,
  outcome: string,
): Promise<void> {
  await repo.saveApproval(app.db, {
    cartId: cart.id,
    kind,
    purpose: purpose ?? '',
    document,
    outcome,
    expiresAt: new Date(Date.now() + APPROVAL_TTL_MS[kind]),
  });
}

function equipmentAvailable(facts: CartFacts): boolean {
  return facts.financedEquipment.every((e) => e.stock >= e.quantity);
}

/**
 * The order-creation check (registered on the cart's `orderCreateChecks`): a financed phone out of
 * stock goes to equipment-error; a journey missing its identity round or credit approval is refused
 * with the page of the missing step; a refused credit goes to rejected-credit.
 */
export async function assertRequirements(app: FastifyInstance, tx: Db, cart: CartRow, customerId: number | null, lines: CartLineRow[]): Promise<void> {
  const facts = await factsOf(app, tx, cart, lines);
  if (facts.financed && !equipmentAvailable(facts)) {
    throw new AppError(RequirementErrorKeys.equipment, 409, { fields: { redirectRUL: CREDIT_PAGES.equipmentError } });
  }
  const additionalLine = customerId !== null && facts.planInCart;
  const requirements = journeyRequirements({
    portabilityHolder: facts.portabilityHolder,
    financed: facts.financed,
    additionalLine,
    // only financing and an additional line check the buyer (a plain purchase reads nothing more)
    buyer: facts.financed || additionalLine ? await buyerDocument(app, tx, cart, customerId) : null,
  });
  if (!requirements.length) return;
  const unmet = firstUnmet(requirements, await approvalsFor(tx, cart));
  if (unmet) throw new AppError(unmet.key, 409, { fields: { redirectRUL: unmet.redirect } });
}

/** Whether the cart's financed phone (if any) can still be sold: an approval for a phone gone from stock leads to equipment-error. */
export async function financedEquipmentAvailable(app: FastifyInstance, cart: CartRow | null): Promise<boolean> {
  return equipmentAvailable(await factsOf(app, app.db, cart));
}

/**
 * The journey's checks as the pages show them (step bar, next page): the cart's lines and, before
 * the plan is in the cart, the plan the customer chose (additional lines check credit first).
 */
export async function requirementsView(app: FastifyInstance, req: FastifyRequest, cart: CartRow | null) {
  const customerId = req.session?.customerId ?? null;
  const facts = await factsOf(app, app.db, cart);
  const planChosen = app.journeyCart.planChosen(req);
  const requirements: Requirement[] = journeyRequirements({
    portabilityHolder: facts.portabilityHolder,
    financed: facts.financed,
    additionalLine: customerId !== null && (facts.planInCart || planChosen),
    buyer: await buyerDocument(app, app.db, cart, customerId),
  });
  const approvals = await approvalsFor(app.db, cart);
  const unmet = firstUnmet(requirements, approvals);
  return {
    steps: requirements.map((r) => ({
      kind: r.kind,
      purpose: r.purpose,
      document: r.document,
      page: requirementPage(r),
      done: isMet(r, approvals),
      outcome: r.kind === 'credit' ? (creditOutcomeOf(r, approvals) satisfies CreditOutcome | null) : null,
    })),
    portability: facts.lines.some((l) => l.type === 'plan' && l.isPortability),
    planSale: isPlanSale(facts.lines.map((l) => l.type)),
    equipmentAvailable: equipmentAvailable(facts),
    next: journeyNextPage({ unmet: unmet?.redirect ?? null, planInCart: facts.planInCart, planChosen }),
  };
}

/** Whether this cart's journey passed the identity questions for the document. */
export async function identityPassed(app: FastifyInstance, cart: CartRow, document: string): Promise<boolean> {
  return isMet({ kind: 'identity', purpose: null, document }, await approvalsFor(app.db, cart));
}

/** Whether the cart opens a line for a new customer's profile (LLAA or VEP): a plan line or a financed phone. */
export async function needsProfile(app: FastifyInstance, cart: CartRow): Promise<boolean> {
  const facts = await factsOf(app, app.db, cart);
  return facts.planInCart || facts.financed;
}
