import type { FastifyInstance } from 'fastify';
import { formatPhone } from '@andes/domain/documents';
import { quarantineEnds } from '@andes/domain/number-change';
import { AppError } from '../http/errors.ts';
import { addNotification } from '../modules/account/index.ts';
import { customerContact, spendStepUp } from '../modules/device/index.ts';
import * as numbering from '../modules/numbering/index.ts';
import { moveLineToNumber } from '../modules/subscriber/index.ts';

/** The line the guard checked and the session asking (http/guards.ts, csrf.ts). */
export interface NumberRequester {
  line: { id: number; phoneNumber: string; customerId: number };
  sessionHash: string;
}

/**
 * Gives the line a number reserved for it, with a passed step-up (the device capability's, the same
 * as a SIM change: a number change is as good as a takeover). In one transaction: the reservation
 * taken once, the line moved only from its old number, the old number quarantined, the other
 * reservations let go and the change recorded. Frequent numbers and points belong to the line, so
 * they stay. The customer is told by e-mail and in notifications.
 */
export async function changeNumber(app: FastifyInstance, who: NumberRequester, input: { number: string; stepUpId: string }) {
  await numbering.assertReserved(app, who.line.id, input.number);
  await spendStepUp(app, input.stepUpId, { sessionHash: who.sessionHash, lineId: who.line.id, purpose: 'numberChange' });
  const now = new Date();
  const old = who.line.phoneNumber;
  const change = await app.db.transaction(async (tx) => {
    // the line's row first: parallel changes of one line queue here instead of each holding a reservation
    // the other's release needs (a deadlock the database broke with a 500)
    await numbering.lockLine(tx, who.line.id);
    if (!(await numbering.takeReservation(tx, who.line.id, input.number, now))) throw new AppError('numbering.error.notReserved', 409);
    if (!(await moveLineToNumber(tx, who.line.id, old, input.number))) throw new AppError('numbering.error.notReserved', 409);
    await numbering.quarantine(tx, who.line.id, old, now, quarantineEnds(now));
    await numbering.releaseReservations(tx, who.line.id);
    return numbering.recordChange(tx, { lineId: who.line.id, oldNumber: old, newNumber: input.number, changedAt: now });
  });
  await notify(app, who.line.customerId, { old: formatPhone(old, app.market.site), phone: formatPhone(input.number, app.market.site) });
  return { phoneNumber: change.newNumber, oldNumber: change.oldNumber, changedAt: change.changedAt.toISOString() };
}

async function notify(app: FastifyInstance, customerId: number, params: Record<string, string>) {
  const contact = await customerContact(app.db, customerId);
  const subject = app.t('numbering.notice.changed.subject', params);
  const body = app.t('numbering.notice.changed.body', { ...params, name: contact?.firstName ?? '' });
  await addNotification(app.db, customerId, subject, body);
  if (contact?.email) await app.adapters.email.send({ to: contact.email, subject, body });
}
