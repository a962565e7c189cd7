import type { SiteId } from './market.ts';

/**
 * Claims on a line's device insurance (SPEC §2 `equipo/insurance`, SPEC §3 "Insurance", docs/decisions/028).
 * A claim is filed after a theft or damage, one open per line; the insurer moves it
 * filed → in_review → approved → delivered (the replacement phone reached the customer), or in_review →
 * rejected. Each claim takes one of the insurance's events (`eventsNumber`; 0: no limit) and a rejected
 * one gives it back. The deductible is fixed when filed: `deductibleCost` for the insurance's first
 * event, `deductibleCost2` (when the catalogue gives one) from the second on.
 */
export const CLAIM_KINDS = ['theft', 'damage'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

export const CLAIM_STATES = ['filed', 'in_review', 'approved', 'rejected', 'delivered'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];

/** The states a claim leaves only for another (the open ones); rejected and delivered are final. */
export const OPEN_CLAIM_STATES: readonly ClaimState[] = ['filed', 'in_review', 'approved'];

/** The moves the insurer may make; anything else it answers is ignored (never backwards). */
const MOVES: Record<ClaimState, readonly ClaimState[]> = {
  filed: ['in_review', 'approved', 'rejected'],
  in_review: ['approved', 'rejected'],
  approved: ['delivered'],
  rejected: [],
  delivered: [],
};

export function canMove(from: ClaimState, to: ClaimState): boolean {
  return MOVES[from].includes(to);
}

export function isFinal(state: ClaimState): boolean {
  return !OPEN_CLAIM_STATES.includes(state);
}

/**
 * What each insurance of the catalogue covers. The catalogue's insurances have no coverage field
 * (SPEC §3 lists none), so it is kept here by id; one not listed covers nothing that is claimed here
 * (extended warranty is served by the technical service).
 */
const COVERS: Record<string, readonly ClaimKind[]> = {
  INS_ROBO: ['theft'],
  INS_DANO_TOTAL: ['damage'],
  INS_PANTALLA: ['damage'],
  INS_PROTECCION_TOTAL: ['theft', 'damage'],
};

export function coversOf(insuranceId: string): readonly ClaimKind[] {
  return COVERS[insuranceId] ?? [];
}

/** Events left of an insurance with `eventsNumber` (0: no limit, answered null) after `used` claims that were not rejected. */
export function eventsLeft(eventsNumber: number, used: number): number | null {
  if (eventsNumber <= 0) return null;
  return Math.max(0, eventsNumber - used);
}

/** The deductible of the insurance's next event, after `used` claims that were not rejected. */
export function deductibleFor(insurance: { deductibleCost: number; deductibleCost2: number }, used: number): number {
  return used >= 1 && insurance.deductibleCost2 > 0 ? insurance.deductibleCost2 : insurance.deductibleCost;
}

/** A claim's public number from its id: SN-CL-0000001. */
export function claimNumber(site: SiteId, id: number): string {
  return `SN-${site.toUpperCase()}-${String(id).padStart(7, '0')}`;
}

export const CLAIM_DESCRIPTION_MIN = 10;
export const CLAIM_DESCRIPTION_MAX = 500;

/** Block reasons that count as the theft a theft claim needs (docs/decisions/021). */
export const THEFT_BLOCK_REASONS = ['SROBO', 'SHURT'] as const;

/** How a line pays a deductible: billed lines on their next bill, prepaid ones from their balance. */
export function deductiblePaymentOf(lineKind: string): 'bill' | 'balance' {
  return lineKind === 'prepaid' ? 'balance' : 'bill';
}
