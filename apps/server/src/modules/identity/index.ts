/** The identity capability's public face (docs/decisions/015). */
export { assertRequirements, buyerDocument, identityPassed, needsProfile } from './requirements.service.ts';
export { answerChallenge, openChallenge } from './identity.service.ts';
export type { CartFacts, JourneyCart } from './requirements.service.ts';
