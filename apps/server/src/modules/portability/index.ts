/** The portability capability's public face (docs/decisions/015). */
export { cartPortabilityReady, currentRequest, portabilityLine, portedNumberOf } from './service.ts';
export { requestsOfCart } from './repo.ts';
