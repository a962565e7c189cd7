/** The numbering capability's public face (docs/decisions/015, 024): offering, reserving and recording number changes. */
export { assertReserved, numberOverview, offerNumbers } from './number-change.service.ts';
export { quarantine, recordChange, releaseReservations, takeReservation } from './numbers.repo.ts';
