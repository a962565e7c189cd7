import type { FastifyInstance } from 'fastify';
import { formatCalendarDay } from '@andes/domain/dates';
import { formatPhone } from '@andes/domain/documents';
import { SUSPENSION_RULES, suspendedDays } from '@andes/domain/suspension';
import { stopsLine, type BlockType } from '@andes/domain/device';
import { addNotification, creditSuspendedDays } from '../modules/account/index.ts';
import { activeBlocks } from '../modules/device/index.ts';
import { setLineBlocked, setLineSuspended } from '../modules/subscriber/index.ts';
import * as suspension from '../modules/suspension/index.ts';

type Scope = { customerId: number } | { lineId: number };

/** The line the guard checked (http/guards.ts). */
export interface SuspensionRequester {
  line: { id: number; phoneNumber: string; customerId: number };
}

/**
 * Brings the scope's suspensions up to `now` (called by `app.linesAsOf`): a line whose suspension is
 * in force is `suspended`; one whose suspension is over is back, settled once in one transaction with
 * the plan's credit for the days suspended where the market does not bill them.
 */
export async function applySuspensions(app: FastifyInstance, scope: Scope, now = new Date()): Promise<void> {
  const on = suspension.today(app, now);
  for (const s of await suspension.suspensionsOver(app.db, scope, on)) {
    // a block reported while the line was suspended (a phone stolen on the trip) keeps it stopped once it is back
    const blocked = (await activeBlocks(app, s.lineId)).some((b) => stopsLine(b.blockType as BlockType));
    await app.db
      .transaction(async (tx) => {
        const credit = SUSPENSION_RULES[app.market.site].billed ? null : await creditSuspendedDays(tx, s.lineId, suspendedDays(s));
        // a parallel read settled it first: its credit is rolled back with this transaction
        if (!(await suspension.settleSuspension(tx, s.id, credit, now))) throw new SettledElsewhere();
        await setLineSuspended(tx, s.lineId, false);
        if (blocked) await setLineBlocked(tx, s.lineId, true);
      })
      .catch((error: unknown) => {
        if (!(error instanceof SettledElsewhere)) throw error;
      });
  }
  for (const s of await suspension.suspensionsInForce(app.db, scope, on)) {
    if (s.status === 'active' || s.status === 'cut') await setLineSuspended(app.db, s.lineId, true);
  }
}

class SettledElsewhere extends Error {}

async function notify(app: FastifyInstance, who: SuspensionRequester, kind: 'scheduled' | 'ended', params: Record<string, string>) {
  const all = { ...params, phone: formatPhone(who.line.phoneNumber, app.market.site) };
  await addNotification(app.db, who.line.customerId, app.t(`suspension.notice.${kind}.subject`, all), app.t(`suspension.notice.${kind}.body`, all));
}

/** Schedules the suspension; one starting today suspends the line at once. */
export async function startSuspension(app: FastifyInstance, who: SuspensionRequester, input: suspension.SuspensionInput) {
  // the line's status as of now (a bill that cut it since it was last read) before the active-line rule
  await app.linesAsOf({ lineId: who.line.id });
  const created = await suspension.scheduleSuspension(app, who.line, input);
  await app.linesAsOf({ lineId: who.line.id });
  await notify(app, who, 'scheduled', { from: formatCalendarDay(created.startsOn, 'long'), to: formatCalendarDay(created.endsOn, 'long') });
  return suspension.suspensionOverview(app, who.line);
}

/** Ends the line's suspension today (or calls off one not begun): the line is back at once. */
export async function endSuspension(app: FastifyInstance, who: SuspensionRequester) {
  await suspension.resumeSuspension(app, who.line.id);
  await app.linesAsOf({ lineId: who.line.id });
  await notify(app, who, 'ended', {});
  return suspension.suspensionOverview(app, who.line);
}
