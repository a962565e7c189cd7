/** The credentials capability: sign-in, PINs and passwords, their recovery (docs/decisions/015). */
export { findCustomerById } from './auth.repo.ts';
