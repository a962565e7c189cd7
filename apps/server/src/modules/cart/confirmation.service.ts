import type { FastifyInstance } from 'fastify';
import { ACCEPTED_ORDER_STATES } from '@andes/domain/order-state';
import { formatCount, formatMoney } from '@andes/domain/money';
import { formatCalendarDay, formatDateInZone, formatTimeInZone } from '@andes/domain/dates';
import { installmentPlanMessage, type InstallmentPlan } from '@andes/domain/card-installments';
import * as repo from './order.repo.ts';
import type { AttemptRow, OrderLineRow, OrderRow } from './order.repo.ts';
import { paysOnHandOver, submitFulfilment } from './fulfilment.service.ts';

/** The facts of the payment that paid an order, as the gateway recorded them (the success page and the e-mail show them). */
export function paymentFacts(paid: AttemptRow | undefined) {
  if (!paid) return null;
  const count = paid.installmentsNumber ?? 0;
  const each = paid.installmentsAmount;
  const installments: InstallmentPlan | null =
    count > 1 && each ? { count, amount: each, last: paid.amount - each * (count - 1), totalCost: paid.amount } : null;
  return {
    cardLast4: paid.cardLast4,
    authorizationCode: paid.authorizationCode,
    paymentType: paid.paymentType,
    paidAt: paid.committedAt?.toISOString() ?? null,
    installments,
  };
}

/**
 * What follows an order's acceptance (paid, or placed to pay on hand-over) once its transaction has
 * committed: the hand-over to the logistics system and the confirmation e-mail, each once whoever
 * calls, and each tried again by the order sweep when it failed.
 */
export async function orderAccepted(app: FastifyInstance, orderId: number): Promise<void> {
  await submitFulfilment(app, orderId);
  await sendConfirmation(app, orderId);
}

/**
 * E-mails the buyer the accepted order's facts through the e-mail port (the outbox in sandbox mode):
 * taken first (claimConfirmation), so it goes once; a failed sending gives it back to the sweep.
 * Answers whether it went now.
 */
export async function sendConfirmation(app: FastifyInstance, orderId: number): Promise<boolean> {
  const at = new Date();
  const order = await repo.claimConfirmation(app.db, orderId, ACCEPTED_ORDER_STATES, at);
  if (!order?.number || !order.contact?.email) return false;
  try {
    const [lines, attempts] = await Promise.all([repo.linesOfOrder(app.db, order.id), repo.attemptsOf(app.db, order.id)]);
    await app.adapters.email.send({
      to: order.contact.email,
      subject: app.t('order.email.subject', { number: order.number }),
      body: confirmationBody(app, order, lines, attempts),
    });
    return true;
  } catch (error) {
    await repo.releaseConfirmation(app.db, order.id, at);
    app.log.error({ err: error, orderNumber: order.number }, 'order confirmation e-mail failed; the order sweep retries');
    return false;
  }
}

function confirmationBody(app: FastifyInstance, order: OrderRow, lines: OrderLineRow[], attempts: AttemptRow[]): string {
  const { t, market } = app;
  const money = (amount: number) => formatMoney(amount, market.currency);
  const when = (iso: string) => ({ date: formatDateInZone(new Date(iso), market.timeZone, 'long'), time: formatTimeInZone(new Date(iso), market.timeZone) });
  const facts = paymentFacts(attempts.find((a) => a.status === 'authorized'));
  const paid: string[] = [];
  if (paysOnHandOver(order)) paid.push(t(`order.payOnHandOver.${order.paymentMethod}`, { total: money(order.totalPrice) }));
  else if (order.pointsUsed > 0) paid.push(t('order.email.points', { points: formatCount(order.pointsUsed, market.currency) }));
  else if (facts?.paidAt && facts.cardLast4)
    paid.push(t('order.email.card', { last4: facts.cardLast4, code: facts.authorizationCode ?? '', ...when(facts.paidAt) }));
  else if (facts?.paidAt) paid.push(t('order.email.cashCode', when(facts.paidAt)));
  if (facts?.installments) {
    const plan = installmentPlanMessage(facts.installments, market.currency);
    paid.push(t('order.email.installments', { plan: t(plan.key, plan.params) }));
  }
  const where = order.delivery?.text ?? '';
  const day = order.promisedFor ? formatCalendarDay(order.promisedFor, 'long') : '';
  const delivery = !order.promisedFor
    ? []
    : [order.deliveryType === 'storePickup' ? t('order.email.pickup', { store: where, date: day }) : t('order.email.delivery', { address: where, date: day })];
  return [
    t('order.email.greeting', { name: order.contact?.name ?? '' }),
    t('order.email.intro', { number: order.number ?? '' }),
    t('order.email.lines'),
    ...lines.map((l) => `- ${t('order.line', { quantity: l.quantity, name: l.name, color: l.color, price: money(l.unitPrice * l.quantity) })}`),
    t('order.email.total', { total: money(order.totalPrice) }),
    ...paid,
    ...delivery,
    t('order.email.follow', { url: `${app.config.shopOrigin}/checkout/confirmacion-orden?order=${encodeURIComponent(order.number ?? '')}` }),
  ].join('\n');
}
