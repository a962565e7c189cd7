import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@andes/db/client';
import { defaultPlansTab, isBamPlan, planBaseId } from '@andes/domain/plans';
import { PLAN_GROUPS, planOffered, planVersion, plansQuery, simTypeOfChoice, type ActiveSimType, type PlanGroup } from '@andes/domain/plans-sale';
import { AppError } from '../../http/errors.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { sharedRows } from '../../http/shared-rows.ts';
import { lookUpDocument } from '../../http/throttle.ts';
import { normalizedDocument } from '@andes/domain/customer-document';
import { profiledPlans } from '@andes/domain/migration';
import { salesTerms, type TermsLine } from '@andes/domain/sales-terms';
import * as repo from './plans.repo.ts';
import type { PlanRow } from './plans.repo.ts';

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
    /** The lines the promotion is for (`portability`, `newLine`, `additionalLine`); null: every line. */
    planDiscountLineKinds: p.discountLineKinds,
    /** Most lines one document (RUT, DNI) may have on the promotion; null: no cap (SPEC §9 terms). */
    planDiscountPerDocument: p.discountPerDocument,
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
/** The answer of `GET /restpp/subscriber/plans` for its query; pages without a session read it in-process (web/routes.ts). */
export async function plansListAnswer(app: FastifyInstance, query: unknown, selectedId: string | null) {
  const { activeSimType } = parseInput(plansQuery, query);
  return ok(await plansList(app, activeSimType, selectedId));
}

async function plansList(app: FastifyInstance, activeSimType: ActiveSimType, selectedId: string | null) {
  const rows = (await activationPlanRows(app)).filter((p) => planOffered(p, activeSimType));
  const groups = Object.fromEntries(PLAN_GROUPS.map((g) => [g, rows.filter((p) => p.customerGroup === g).map((p) => planCard(p, selectedId))])) as Record<
    PlanGroup,
    PlanCard[]
  >;
  return {
    activeSimType,
    ...groups,
    blueGroupName: `${app.market.brand}Blue`,
    defaultTab: defaultPlansTab(groups),
    selectValue: selectedId,
    terms: await planSalesTerms(app),
  };
}

const termFacts = sharedRows<'terms', Awaited<ReturnType<typeof repo.catalogueFacts>>>();

/** The terms text where plans are sold (SPEC §9), its figures from the catalogue (sales-terms.ts). */
export async function planSalesTerms(app: FastifyInstance): Promise<TermsLine[]> {
  return salesTerms(app.market.site, await termFacts(app, 'terms', () => repo.catalogueFacts(app.db)));
}

/**
 * The plan selector's rows, shared for a few seconds per process and database: every visit of the plan
 * catalogue lists them, and they change only with the data of a release. Choosing a plan reads the plan
 * itself (selectPlanFor).
 */
const planRows = sharedRows<'activation', PlanRow[]>();

function activationPlanRows(app: FastifyInstance): Promise<PlanRow[]> {
  return planRows(app, 'activation', () => repo.activationPlans(app.db));
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
export async function selectedPlan(
  app: FastifyInstance,
  req: FastifyRequest,
): Promise<{ plan: PlanCard; isPortability: boolean; activeSimType: ActiveSimType } | null> {
  const selection = selectionOf(req);
  if (!selection) return null;
  const plan = await repo.findPlan(app.db, selection.id);
  return plan ? { plan: planCard(plan, plan.id), isPortability: selection.isPortability, activeSimType: simTypeOfChoice(selection) } : null;
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

/** The lines a paid order opened, for its success page. */
export async function activationsView(app: FastifyInstance, orderId: number) {
  await app.linesAsOf({ duePorts: true });
  const rows = await repo.activationsWithLines(app.db, orderId);
  const plans = new Map(
    (
      await repo.plansByIds(
        app.db,
        rows.map((r) => r.planId),
      )
    ).map((p) => [p.id, p]),
  );
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

/** Per line of the customer: its plan and the plans profiled for it (better than the current one). */
export async function profiledOffer(app: FastifyInstance, customerId: number) {
  const [lines, plans] = await Promise.all([repo.linesWithPlanPrice(app.db, customerId), repo.activationPlans(app.db)]);
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
