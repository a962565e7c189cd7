/** The suspension capability's public face (docs/decisions/015, 024): a line suspended for travel or a break. */
export { resumeSuspension, scheduleSuspension, suspensionOverview, suspensionView, today, type SuspensionInput } from './suspension.service.ts';
export { inForce as suspensionsInForce, over as suspensionsOver, settle as settleSuspension } from './suspensions.repo.ts';
