/**
 * What a plan journey must pass before its order may be created (SPEC §2 named steps "Datos a portar",
 * "Validación de Identidad", "Financiamiento", "Línea adicional"): identity questions (checkout step
 * 2.1) and the credit check. The server keeps each passed step per cart and refuses the order
 * without them; the pages ask the same rules where to go next.
 */
import { CREDIT_PAGES, type CreditOutcome, type CreditPurpose } from './credit.ts';
import { plansPaths } from './plans-sale.ts';

export type RequirementKind = 'identity' | 'credit';

/** A passed identity round counts for an hour (the journey's session); a credit answer for a day. */
export const APPROVAL_TTL_MS: Readonly<Record<RequirementKind, number>> = { identity: 60 * 60_000, credit: 24 * 60 * 60_000 };

export interface Requirement {
  kind: RequirementKind;
  /** Credit only: what the bureau is asked to approve. */
  purpose: CreditPurpose | null;
  /** The normalised document whose approval counts (the port's holder, or the buyer). */
  document: string;
}

export interface RequirementInput {
  /** Holder of the number being ported, once the registry accepted the port; null without a port. */
  portabilityHolder: string | null;
  /** The cart pays a phone in installments (an equipment line with a {product}Blue plan). */
  financed: boolean;
  /** A signed-in customer adds a line to the account (LLAA). */
  additionalLine: boolean;
  /** The buyer's normalised document; null while the buyer is not identified. */
  buyer: string | null;
}

/**
 * The checks of a journey, in the order of the step bar: identity before credit. A port asks the
 * holder's identity; financing and additional lines ask the buyer's identity and one credit check
 * (financing covers the line the phone comes with). A document is asked its questions once.
 */
export function journeyRequirements(input: RequirementInput): Requirement[] {
  const out: Requirement[] = [];
  const identity = (document: string) => {
    if (!out.some((r) => r.kind === 'identity' && r.document === document)) out.push({ kind: 'identity', purpose: null, document });
  };
  if (input.portabilityHolder) identity(input.portabilityHolder);
  const purpose: CreditPurpose | null = input.financed ? 'financing' : input.additionalLine ? 'additionalLine' : null;
  if (purpose && input.buyer) {
    identity(input.buyer);
    out.push({ kind: 'credit', purpose, document: input.buyer });
  }
  return out;
}

/** One passed (or refused) step, as the server keeps it for the cart. */
export interface Approval {
  kind: RequirementKind;
  purpose: CreditPurpose | null;
  document: string;
  /** identity: 'passed'; credit: a {@link CreditOutcome}. */
  outcome: string;
}

const matches = (r: Requirement, a: Approval) => r.kind === a.kind && r.document === a.document && (r.kind === 'identity' || r.purpose === a.purpose);

export function isMet(r: Requirement, approvals: ReadonlyArray<Approval>): boolean {
  const ok = r.kind === 'identity' ? 'passed' : ('approved' satisfies CreditOutcome);
  return approvals.some((a) => matches(r, a) && a.outcome === ok);
}

/** The bureau's last answer for a credit requirement, if it was asked. */
export function creditOutcomeOf(r: Requirement, approvals: ReadonlyArray<Approval>): CreditOutcome | null {
  const found = approvals.find((a) => matches(r, a));
  return found ? (found.outcome as CreditOutcome) : null;
}

export const REQUIREMENT_PAGES = {
  identity: '/personas/planesV2/validacion-identidad',
  financing: '/personas/planesV2/equipo-financiamiento',
  additionalLine: CREDIT_PAGES.request,
} as const;

export function requirementPage(r: Requirement): string {
  if (r.kind === 'identity') return REQUIREMENT_PAGES.identity;
  return r.purpose === 'financing' ? REQUIREMENT_PAGES.financing : REQUIREMENT_PAGES.additionalLine;
}

export const RequirementErrorKeys = {
  identity: 'pp.error.identity.required',
  credit: 'pp.error.credit.required',
  rejected: 'rejected-credit',
  equipment: 'pp.error.credit.equipment',
} as const;

/**
 * Why an order cannot be created yet, or null when every requirement is met: the first unmet one,
 * with its key and the page to send the customer to (a refused credit goes to rejected-credit).
 */
export function firstUnmet(
  requirements: ReadonlyArray<Requirement>,
  approvals: ReadonlyArray<Approval>,
): { key: string; redirect: string; requirement: Requirement } | null {
  for (const r of requirements) {
    if (isMet(r, approvals)) continue;
    if (r.kind === 'credit' && creditOutcomeOf(r, approvals) === 'rejected')
      return { key: RequirementErrorKeys.rejected, redirect: CREDIT_PAGES.rejected, requirement: r };
    return { key: r.kind === 'identity' ? RequirementErrorKeys.identity : RequirementErrorKeys.credit, redirect: requirementPage(r), requirement: r };
  }
  return null;
}

/** Where a financing check leads: a refusal to its page; an approval for a phone no longer in stock to equipment-error. */
export function financingNext(outcome: CreditOutcome, equipmentAvailable: boolean): string | null {
  if (outcome === 'rejected') return CREDIT_PAGES.rejected;
  if (outcome === 'error') return CREDIT_PAGES.error;
  return equipmentAvailable ? null : CREDIT_PAGES.equipmentError;
}

/**
 * The page after the checks of a journey: the first unmet check; with all met, the billing step when
 * the chosen plan is not in the cart yet (additional lines choose the plan first), else `null`,
 * meaning the order can be created now ({@link deliveryPathFor} follows).
 */
export function journeyNextPage(s: { unmet: string | null; planInCart: boolean; planChosen: boolean }): string | null {
  if (s.unmet) return s.unmet;
  if (!s.planInCart && s.planChosen) return plansPaths.billing;
  return null;
}

/** The delivery step once the order exists: plan-only orders stay in the plans journey's pages. */
export function deliveryPathFor(planSale: boolean): string {
  return planSale ? plansPaths.delivery : '/personas/flujo-compra/datos-despacho';
}
