/** The device capability's public face (docs/decisions/015): blocks, the step-up, SIM changes. */
export {
  activeBlocks,
  blockOptions,
  blockView,
  finishLifts,
  hasPendingLift,
  linesWithPendingLifts,
  reportBlock,
  requestLift,
  theftReportOf,
  type BlockInput,
} from './blocks.service.ts';
export { lineStatus } from './blocks.repo.ts';
export { checkStepUpCode, markStepUpVerified, openStepUp, spendStepUp, stepUpChannel, stepUpErrors, type StepUpBound } from './step-up.service.ts';
export { customerContact } from './step-ups.repo.ts';
export type { StepUpPurpose } from './step-ups.repo.ts';
export {
  assertSimDelivery,
  changeToActivate,
  markSimChangeActive,
  requestSimChange,
  simChangeView,
  simStatus,
  simSwapCoolDown,
  type SimChangeInput,
} from './sim-change.service.ts';
export { CamaraError } from './sim-swap.service.ts';
