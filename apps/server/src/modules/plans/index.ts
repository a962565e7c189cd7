/** The plan sale capability's public face (docs/decisions/015). */
export { activationsView, customerDocument, planCard, plansListAnswer, selectionOf } from './plans.service.ts';
export * as plansRepo from './plans.repo.ts';
export type { PlanSelection } from './plans.service.ts';
