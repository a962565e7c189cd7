/** The subscriber capability: the customers and their lines (docs/decisions/015). */
export { activateDuePorts, refreshLineStatuses } from './line-status.service.ts';
