/** The portability capability's public face (docs/decisions/015). */
export { cartPortabilityReady, currentRequest, portabilityLine, portedNumberOf } from './portability.service.ts';
export { requestsOfCart } from './portability.repo.ts';
