import type { CreditOutcome, CreditPurpose } from '@andes/domain/credit';

/** The credit bureau the operator asks before financing a phone or adding a line. */
export interface CreditCheckPort {
  check(input: { document: string; purpose: CreditPurpose }): Promise<CreditOutcome>;
}
