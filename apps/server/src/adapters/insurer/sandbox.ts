import { eq } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import type { InsurerPort, InsurerStatus } from './port.ts';

/** A claim whose description has this word is rejected at review (docs/sandbox.md). */
export const SANDBOX_INSURER_REJECT_WORD = 'RECHAZO';
/** A claim whose description has this word cannot be handed over: the insurer is down (docs/sandbox.md). */
export const SANDBOX_INSURER_DOWN_WORD = 'CAIDA';

/**
 * The sandbox insurer (docs/sandbox.md): each status check moves a claim one step, read from the shop's
 * own record of it: filed → in review → approved (rejected when its description says
 * {@link SANDBOX_INSURER_REJECT_WORD}) → delivered, the last only once the deductible is paid.
 */
export function sandboxInsurer(db: Db): InsurerPort {
  const t = schema.insuranceClaims;
  return {
    async submit(claim) {
      if (claim.description.toUpperCase().includes(SANDBOX_INSURER_DOWN_WORD)) throw new Error('sandbox insurer unavailable');
      return { reference: `ASG-${claim.number}` };
    },
    async status(reference, { deductiblePaid }): Promise<InsurerStatus> {
      const [row] = await db.select({ status: t.status, description: t.description }).from(t).where(eq(t.insurerReference, reference));
      if (!row) throw new Error('sandbox insurer: unknown claim');
      switch (row.status) {
        case 'filed':
          return 'in_review';
        case 'in_review':
          return row.description.toUpperCase().includes(SANDBOX_INSURER_REJECT_WORD) ? 'rejected' : 'approved';
        case 'approved':
          return deductiblePaid ? 'delivered' : 'approved';
        default:
          return row.status as InsurerStatus;
      }
    },
  };
}
