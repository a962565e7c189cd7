import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import { CrmUnavailable, type CrmPort } from './port.ts';

/** docs/sandbox.md: a lead whose name is this is refused by the sandbox CRM (not stored, not acknowledged) on every delivery. */
export const SANDBOX_CRM_REFUSED_NAME = 'Crm Caido';

/** Faults to inject into the next deliveries (tests): `beforeStore` loses the request, `afterStore` stores it and loses the answer. */
export interface CrmFaults {
  beforeStore: number;
  afterStore: number;
}

export interface SandboxCrm extends CrmPort {
  faults: CrmFaults;
}

const { sandboxCrmLeads } = schema;

/**
 * The sandbox CRM: keeps each lead once per idempotency key in `sandbox_crm_leads`, counting the
 * deliveries that carried it. Its `faults` fail the next deliveries, before or after storing them.
 */
export function sandboxCrm(db: Db): SandboxCrm {
  const faults: CrmFaults = { beforeStore: 0, afterStore: 0 };
  return {
    faults,
    async syncLead(event) {
      if (faults.beforeStore > 0) {
        faults.beforeStore -= 1;
        throw new CrmUnavailable('crm: connection refused');
      }
      if (event.payload.name === SANDBOX_CRM_REFUSED_NAME) throw new CrmUnavailable('crm: lead refused');
      const [row] = await db
        .insert(sandboxCrmLeads)
        .values({
          idempotencyKey: event.idempotencyKey,
          reference: `CRM-${randomBytes(5).toString('hex').toUpperCase()}`,
          payload: event.payload,
          deliveries: 1,
          receivedAt: new Date(),
        })
        .onConflictDoUpdate({ target: sandboxCrmLeads.idempotencyKey, set: { deliveries: sql`${sandboxCrmLeads.deliveries} + 1` } })
        .returning({ reference: sandboxCrmLeads.reference });
      if (faults.afterStore > 0) {
        faults.afterStore -= 1;
        throw new CrmUnavailable('crm: answer lost');
      }
      return { reference: row!.reference };
    },
  };
}
