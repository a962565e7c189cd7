import { randomUUID } from 'node:crypto';
import { redirect } from 'react-router';
import { bagPayments, type BagPayment } from '@andes/domain/account-bags';
import { ErrorKeys } from '@andes/domain/error-keys';
import type { ApiResult } from '@andes/contract/envelope';
import type { WebContext } from '@andes/contract/caller';
import { apiRefusal, refused, type FormFields, type IntentHandlers } from '../../lib/form-action.ts';
import type { Answer } from '@andes/contract/caller';

/**
 * The bag purchase without JavaScript, in the steps the page takes with it: a payment button of an
 * offer ('choose') opens the question at an address of its own (a card goes to the gateway, which
 * asks itself), and its 'Sí, comprar' ('buy') charges once per question (the idempotency key the page
 * carries) and comes back to the page, which tells what was bought by the offer.
 */
export const BAG_QUERY = { offer: 'oferta', payment: 'pago', bought: 'comprada', outcome: 'resultado-compra' } as const;

const OUTCOMES = ['bought', 'subscribed', 'onBill'] as const;
type Outcome = (typeof OUTCOMES)[number];
type ChargedNow = Exclude<BagPayment, 'card'>;

const isPayment = (value: string | undefined): value is BagPayment => (bagPayments as readonly string[]).includes(value ?? '');

type Purchase = Answer<'POST /REST/asset/:phoneNumber/bag'>;

export function bagIntents(context: WebContext, pagePath: string): IntentHandlers {
  const purchase = (fields: FormFields, payment: BagPayment, idempotencyKey: string) =>
    context.api<'POST /REST/asset/:phoneNumber/bag'>(`/REST/asset/${encodeURIComponent(fields.line ?? '')}/bag`, {
      method: 'POST',
      body: { offerId: fields.offerId, payment, idempotencyKey },
    });
  return {
    choose: async (fields) => {
      const { payment, offerId } = fields;
      if (!isPayment(payment) || !offerId) return refused(fields, { key: ErrorKeys.validation }, 400);
      if (payment !== 'card') return redirect(`${pagePath}?${new URLSearchParams({ [BAG_QUERY.offer]: offerId, [BAG_QUERY.payment]: payment })}`);
      const paid = await purchase(fields, payment, randomUUID());
      const gateway = paid.body.response?.redirectRUL;
      return paid.body.success && gateway ? redirect(gateway) : apiRefusal(fields, paid);
    },
    buy: async (fields) => {
      const { payment, offerId, idempotencyKey } = fields;
      if (!isPayment(payment) || payment === 'card' || !offerId) return refused(fields, { key: ErrorKeys.validation }, 400);
      const bought = await purchase(fields, payment, idempotencyKey ?? '');
      if (!bought.body.success) return apiRefusal(fields, bought);
      return redirect(`${pagePath}?${new URLSearchParams({ [BAG_QUERY.bought]: offerId, [BAG_QUERY.outcome]: outcomeOf(bought, payment) })}`);
    },
  };
}

/** How the page words a purchase: a subscription, a charge to the bill, or a bag bought. */
function outcomeOf(answer: ApiResult<Purchase>, payment: BagPayment): Outcome {
  return answer.body.mode === 'recurring' ? 'subscribed' : payment === 'bill' ? 'onBill' : 'bought';
}

/**
 * What the page's address asks of it (read by the loader): the question open on an offer and its
 * payment, or the purchase just made, each only for an offer the page lists. The key is the
 * question's: the same in the server's HTML and in the page once hydrated.
 */
export function bagPageState(url: URL, offerIds: string[]) {
  const q = url.searchParams;
  const offered = (id: string | null): id is string => id !== null && offerIds.includes(id);
  const asked = q.get(BAG_QUERY.offer);
  const payment = q.get(BAG_QUERY.payment) ?? undefined;
  const confirm = offered(asked) && isPayment(payment) && payment !== 'card' ? { offerId: asked, payment: payment as ChargedNow } : null;
  const bought = q.get(BAG_QUERY.bought);
  const outcome = q.get(BAG_QUERY.outcome);
  const done = offered(bought) && (OUTCOMES as readonly string[]).includes(outcome ?? '') ? { offerId: bought, outcome: outcome as Outcome } : null;
  const idempotencyKey: string = randomUUID();
  return { confirm, done, idempotencyKey };
}
