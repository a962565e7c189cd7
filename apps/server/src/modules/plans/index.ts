/** The plan sale capability's public face (docs/decisions/015). */
export { customerDocument, selectionOf } from './service.ts';
export * as plansRepo from './repo.ts';
export type { PlanSelection } from './service.ts';
