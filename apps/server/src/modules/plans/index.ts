/** The plan sale capability's public face (docs/decisions/015). */
export { createCustomerProfile, customerDocument, normalizedDocument, openPlanLines, selectionOf } from './service.ts';
export type { PlanSelection } from './service.ts';
