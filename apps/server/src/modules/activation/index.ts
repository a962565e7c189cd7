/** The SIM activation capability's public face (docs/decisions/015, 025): its activations' rows. */
export * as activationRepo from './activation.repo.ts';
export type { ActivationRow } from './activation.repo.ts';
