import type { FastifyInstance } from 'fastify';
import { dueRenewals } from '@andes/domain/account-bags';
import { formatMoney } from '@andes/domain/money';
import { formatPhone } from '@andes/domain/documents';
import { debitBalance, lineWithPlan, recordMovement } from './lines.repo.ts';
import { addBillCharge, recordPayment } from './bills.repo.ts';
import { addNotification } from './customer.repo.ts';
import { dueSubscriptions, extendSubscription, suspendSubscription } from './bags.repo.ts';

type Due = Awaited<ReturnType<typeof dueSubscriptions>>[number];

/**
 * Renews the recurring bags whose period ended, like the line status: whenever the lines are read,
 * so no job has to run. Each period is charged once (balance or next bill), in the transaction
 * that moves the bag to the next period: a concurrent read finds the period already moved and
 * charges nothing. When the balance cannot pay a renewal, or the line is cut for debt (callers bring
 * its status up to date first), the subscription is suspended and the customer gets a notice saying
 * why; nothing is charged. A suspended subscription does not come back by itself: the customer
 * subscribes again (after topping up, or after paying the bill), which replaces it.
 */
export async function renewDueBags(app: FastifyInstance, which: { customerId: number } | { lineId: number }, now = new Date()) {
  const due = await dueSubscriptions(app.db, which, now);
  for (const sub of due) {
    let from = sub.expiresAt;
    for (const to of dueRenewals(sub.expiresAt, sub.validityDays, now)) {
      if ((await renewOnce(app, sub, from, to)) !== 'renewed') break;
      from = to;
    }
  }
}

async function renewOnce(app: FastifyInstance, sub: Due, from: Date, to: Date): Promise<'renewed' | 'taken' | 'suspended'> {
  const params = { name: sub.name, price: formatMoney(sub.price, app.market.currency), phone: formatPhone(sub.phoneNumber, app.market.site) };
  return app.db.transaction(async (tx) => {
    if (!(await extendSubscription(tx, sub.id, from, to, sub.dataMb))) return 'taken';
    // a line cut for debt gets no new service, on the balance or on a bill it is not paying
    if ((await lineWithPlan(tx, sub.lineId))?.status === 'cut') {
      await suspendSubscription(tx, sub.id, from, 'cut');
      await addNotification(tx, sub.customerId, app.t('account.notice.bagSuspendedCut.title', params), app.t('account.notice.bagSuspendedCut.body', params));
      return 'suspended';
    }
    if (sub.payment === 'bill') {
      await addBillCharge(tx, { lineId: sub.lineId, kind: 'bag_renewal', offerId: sub.offerId, amount: sub.price });
      return 'renewed';
    }
    const left = await debitBalance(tx, sub.lineId, sub.price);
    if (left === undefined) {
      await suspendSubscription(tx, sub.id, from, 'balance');
      await addNotification(tx, sub.customerId, app.t('account.notice.bagSuspended.title', params), app.t('account.notice.bagSuspended.body', params));
      return 'suspended';
    }
    await recordMovement(tx, { lineId: sub.lineId, kind: 'bag', amount: -sub.price, counterpart: sub.offerId });
    await recordPayment(tx, { lineId: sub.lineId, kind: 'bag', amount: sub.price, method: 'balance' });
    return 'renewed';
  });
}
