/** The renewal capability's public face (docs/decisions/015). */
export { assertCartRenewals, renewalLineFor } from './renewal.service.ts';
