/** The subscriber capability: the customers and their lines (docs/decisions/015, 016). */
export { activateDuePorts, refreshLineStatuses } from './line-status.service.ts';
export { createCustomerProfile, openNewNumber, openPortedLine, type BuyerContact } from './subscriber.service.ts';
export { moveLineToNumber, moveLineToPlan, moveLineToSim, setLineBlocked, setLineSuspended } from './lines.repo.ts';
