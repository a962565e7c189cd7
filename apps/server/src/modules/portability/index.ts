/** The portability capability's public face (docs/decisions/015). */
export { cartPortabilityReady, currentRequest, portabilityLine, portedNumberOf, schedulePort } from './portability.service.ts';
export { refresh, requestById, requestView, sendCode, startDetachedRequest, verifyCode } from './portability.service.ts';
export type { PortabilityRow } from './portability.repo.ts';
export { requestsOfCart } from './portability.repo.ts';
