import type { FastifyInstance } from 'fastify';
import { formatPhone } from '@andes/domain/documents';
import { addNotification } from '../modules/account/index.ts';
import { customerContact, spendStepUp } from '../modules/device/index.ts';
import * as smartLine from '../modules/smart-line/index.ts';

/** The line the guard checked and the session asking (http/guards.ts, csrf.ts). */
export interface SmartLineRequester {
  line: { id: number; phoneNumber: string; customerId: number };
  sessionHash: string;
}

/**
 * Puts the line's number on a watch with a passed step-up (the device capability's, as for a SIM or
 * number change: a watch sharing the number receives its calls and SMS, one-time codes included). The
 * line is checked before the step-up is spent, so a refused request does not use it up. The customer
 * is told by e-mail and in notifications.
 */
export async function addWatch(app: FastifyInstance, who: SmartLineRequester, input: { eid: string; watchName: string; stepUpId: string }) {
  await smartLine.assertCanAdd(app, who.line);
  await spendStepUp(app, input.stepUpId, { sessionHash: who.sessionHash, lineId: who.line.id, purpose: 'smartLine' });
  const added = await smartLine.addSmartLine(app, who.line, input);
  const contact = await customerContact(app.db, who.line.customerId);
  const params = { phone: formatPhone(who.line.phoneNumber, app.market.site), watch: added.watchName, name: contact?.firstName ?? '' };
  const subject = app.t('smartLine.notice.added.subject', params);
  const body = app.t('smartLine.notice.added.body', params);
  await addNotification(app.db, who.line.customerId, subject, body);
  if (contact?.email) await app.adapters.email.send({ to: contact.email, subject, body });
  return smartLine.smartLineOverview(app, who.line, added);
}
