/**
 * Plan change of a billed line (SPEC §2 `mi-plan/cambio-plan`, docs/decisions/027). A postpaid line
 * moves among the postpaid groups of the plan selector (postpaid and Blue plans), a Controlado line
 * among the Controlado plans: the plan selector's groups (plans flagged for the activation flow), the
 * kind of line each group opens (`lineKindOf`), never a plan of two lines (`multi_`) nor between a
 * mobile plan and mobile broadband. A dearer plan is an upgrade, applied at once; any other is a
 * downgrade, applied on the next cycle day. Prepaid lines move to a plan through `migra-a-plan`.
 */
import { isBamPlan, planBaseId } from './plans.ts';
import { lineKindOf, type PlanGroup } from './plans-sale.ts';

export type PlanChangeKind = 'upgrade' | 'downgrade';

type PlanLike = { id: string; planName: string; customerGroup: string; price: number; showInActivationFlow: boolean };

/** The plans a line of `kind` on `current` may move to, in the given (catalogue) order. */
export function planChangeTargets<P extends PlanLike>(line: { kind: string; planId: string; planName: string }, plans: ReadonlyArray<P>): P[] {
  return plans.filter(
    (p) =>
      p.showInActivationFlow &&
      lineKindOf(p.customerGroup as PlanGroup) === line.kind &&
      !p.id.startsWith('multi_') &&
      planBaseId(p.id) !== planBaseId(line.planId) &&
      isBamPlan(p.planName) === isBamPlan(line.planName),
  );
}

/** A dearer plan (by list price) is an upgrade; the same price or a cheaper one, a downgrade. */
export function planChangeKind(currentPrice: number, toPrice: number): PlanChangeKind {
  return toPrice > currentPrice ? 'upgrade' : 'downgrade';
}

/** Whether a line of this kind changes plan here; a prepaid line goes to `migra-a-plan`. */
export function planChangeLineKind(kind: string): 'billed' | 'prepaid' {
  return kind === 'prepaid' ? 'prepaid' : 'billed';
}

export const PLAN_CHANGE_PATH = '/personas/mientel/mi-plan/cambio-plan';
export const MIGRATION_PATH = '/personas/migra-a-plan';
