/** The signed-in customer's face (their lines, balances, avatar) (docs/decisions/015). */
export { SIGNED_IN, defaultAvatar, lineBalance, selectedLine } from './profile.service.ts';
export { findCustomerLine, listCustomerLines, type CustomerLine } from './assets.repo.ts';
