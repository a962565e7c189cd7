import type { IdentityQuestion } from '@andes/domain/identity';

export interface IdentityQuiz {
  questions: IdentityQuestion[];
  /** Question id → right option id; kept on our side, never sent to the browser. */
  expected: Record<string, string>;
}

/** A bureau that asks multiple-choice questions only the document's holder should know. */
export interface IdentityValidationPort {
  /** Null when the bureau has no record of the document. */
  questions(document: string): Promise<IdentityQuiz | null>;
}
