export { CAPTIVE_PATHS, FAILURE_REASONS, boughtBag, buyRoaming, roamingPage, type FailureReason, type RoamingOffer } from './captive-data.ts';
export { CaptiveRefused } from './captive-refused.tsx';
