/** The portability answers: their schemas are the contract's (packages/contract). */
export type { PortabilityAnswer as RequestAnswer, PortabilityRequest } from '@andes/contract/answers';
