import type { CreditPurpose } from '@andes/domain/credit';
import type { CreditCheckPort } from './port.ts';

/**
 * Sandbox bureau (docs/sandbox.md), by the last digit of the document's number (before a RUT's check
 * character): 1 rejects, 2 fails as an outage, anything else approves.
 */
export function sandboxCredit(): CreditCheckPort {
  return {
    async check({ document }: { document: string; purpose: CreditPurpose }) {
      const digit = document.split('-')[0]!.slice(-1);
      if (digit === '1') return 'rejected';
      if (digit === '2') return 'error';
      return 'approved';
    },
  };
}
