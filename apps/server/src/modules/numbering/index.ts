/** The numbering capability's public face (docs/decisions/015, 024): offering, reserving and recording number changes. */
export { assertReserved, numberOverview, offerActivationNumbers, offerNumbers } from './number-change.service.ts';
export { lockLine, quarantine, recordChange, releaseReservations, takeReservation } from './numbers.repo.ts';
export { extendActivationHolds, liveActivationHolds, releaseActivationHolds, takeActivationHold } from './numbers.repo.ts';
