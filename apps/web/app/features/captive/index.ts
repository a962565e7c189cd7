export {
  CAPTIVE_PATHS,
  FAILURE_REASONS,
  activationPage,
  approvedActivation,
  boughtBag,
  buyRoaming,
  roamingPage,
  startActivation,
  type ActivationPlan,
  type CaptiveLine,
  type FailureReason,
  type RoamingOffer,
} from './captive-data.ts';
export { CaptiveFailure, failureKey } from './captive-failure.tsx';
export { CaptiveRefused } from './captive-refused.tsx';
