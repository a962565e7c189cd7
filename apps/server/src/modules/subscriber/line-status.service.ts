import type { Db } from '@andes/db/client';
import { cutLimitDay, isoDayInZone } from '@andes/domain/account-bills';
import * as repo from './lines.repo.ts';

/**
 * SPEC §9: a bill unpaid 5 days after its due date cuts the line, and paying it restores the line.
 * The stored status is brought up to date from the bills and today's date (market zone) whenever a
 * line is read, so a bill that crosses the limit cuts the line without any job running; a
 * suspended line (an operator's decision) is left alone.
 */
export async function refreshLineStatuses(db: Db, timeZone: string, which: { customerId: number } | { lineId: number }, now = new Date()) {
  await repo.setStatusFromBills(db, cutLimitDay(isoDayInZone(now, timeZone)), which);
}

/**
 * Ported lines whose port window has passed become active (the registry executes accepted ports in
 * it). No job runs this: whatever shows a ported line's status calls it first (the port, the order's
 * lines, the customer's line list).
 */
export async function activateDuePorts(db: Db, now = new Date(), scope: { customerId?: number } = {}): Promise<void> {
  await repo.activatePortedLines(db, now, scope.customerId);
}
