import { eq } from 'drizzle-orm';
import type { Market } from '@andes/domain/market';
import { CLAIM_PREFIX, claimCode, limaDay, telecomDueDays } from '@andes/domain/claims';
import type { Db } from '../client.ts';
import * as schema from '../schema.ts';

const DAY_MS = 86_400_000;

/**
 * Peru's demo telecom claim: Elena Quispe's postpaid line has one billing claim, answered, so the
 * claims page shows an answer (demo-accounts.ts). Its code takes the year's first number.
 */
export async function seedDemoClaims(db: Db, market: Market, now: Date): Promise<void> {
  if (!market.claimsBook) return;
  const [line] = await db.select().from(schema.lines).where(eq(schema.lines.phoneNumber, '934512841'));
  if (!line) throw new Error('seed: the claims demo line 934512841 is missing');
  const filedAt = new Date(now.getTime() - 30 * DAY_MS);
  const year = Number(limaDay(filedAt).slice(0, 4));
  const { resolveBy, notifyBy } = telecomDueDays('billing', filedAt);
  await db.insert(schema.claimCounters).values({ prefix: CLAIM_PREFIX.telecom, year, last: 1 });
  await db.insert(schema.claims).values({
    code: claimCode('telecom', year, 1),
    channel: 'telecom',
    kind: 'reclamo',
    subject: 'billing',
    customerId: line.customerId,
    lineId: line.id,
    detail: 'El recibo trae un cargo de S/ 20.00 por una bolsa que no compré.',
    state: 'answered',
    answer: 'Fundado: anulamos el cargo de S/ 20.00 y lo verás como abono en tu próximo recibo.',
    answeredAt: new Date(now.getTime() - 10 * DAY_MS),
    dueOn: resolveBy,
    notifyBy,
    filedAt,
  });
}
