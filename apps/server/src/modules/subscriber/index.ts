/** The subscriber capability: the customers and their lines (docs/decisions/015, 016). */
export { activateDuePorts, refreshLineStatuses } from './line-status.service.ts';
export { createCustomerProfile, openChipLine, openNewNumber, openPortedLine, simInUse, type BuyerContact } from './subscriber.service.ts';
export {
  activatePendingLine,
  lineForActivation,
  changeLinePlan,
  moveLineToNumber,
  moveLineToPlan,
  moveLineToSim,
  setLineBlocked,
  setLineSuspended,
} from './lines.repo.ts';
