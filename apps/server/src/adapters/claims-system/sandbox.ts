import { sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import type { ClaimsSystemPort } from './port.ts';

/** Status checks that answer "not found" before the sandbox finds a claim (docs/sandbox.md). */
export const SANDBOX_CLAIM_NOT_FOUND_TRIES = 2;
/** A document number whose claims the sandbox never finds, to see the page give up (docs/sandbox.md). */
export const SANDBOX_CLAIM_NEVER_FOUND_DOCUMENT = '10000001';

/**
 * The sandbox claims system: each claim's checks are counted in its own table; the first
 * {@link SANDBOX_CLAIM_NOT_FOUND_TRIES} answer "not found", the next registers it as `SRC-<code>`.
 */
export function sandboxClaimsSystem(db: Db): ClaimsSystemPort {
  const t = schema.sandboxClaimChecks;
  return {
    async validate({ code, documentNumber }) {
      const [row] = await db
        .insert(t)
        .values({ code, tries: 1 })
        .onConflictDoUpdate({ target: t.code, set: { tries: sql`${t.tries} + 1` } })
        .returning({ tries: t.tries });
      if (documentNumber === SANDBOX_CLAIM_NEVER_FOUND_DOCUMENT || row!.tries <= SANDBOX_CLAIM_NOT_FOUND_TRIES) return { found: false };
      return { found: true, registeredAs: `SRC-${code}` };
    },
  };
}
