/** The claims capability's public face (docs/decisions/015): a customer's telecom claims, for other screens. */
export { customerClaimsOf } from './claims.service.ts';
