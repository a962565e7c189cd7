import { formatCalendarDay, formatDateInZone, formatTimeInZone } from '@andes/domain/dates';
import { installmentPlanMessage, type InstallmentPlan } from '@andes/domain/card-installments';
import { useMarket, useT } from '../../lib/root-data.ts';
import type { OrderView } from './types.ts';

/** A card installment plan as the buyer reads it (each installment, the last one, Chile's total cost and CAE). */
export function useInstallmentText(): (plan: InstallmentPlan) => string {
  const t = useT();
  const market = useMarket();
  return (plan) => {
    const { key, params } = installmentPlanMessage(plan, market.currency);
    return t(key, params);
  };
}

/**
 * What the success page tells of an accepted order: the payment as the gateway recorded it (card,
 * authorization code, installments, date and time in the market's zone), the day it is delivered or
 * ready at the store, and where the confirmation e-mail went.
 */
export function PaymentFacts({ order }: { order: OrderView }) {
  const t = useT();
  const market = useMarket();
  const installmentText = useInstallmentText();
  const paid = order.payment;
  const card = paid?.cardLast4 ? paid : null;
  const pickup = order.deliveryType === 'storePickup';
  return (
    <>
      {(card || order.promisedFor) && (
        <section aria-labelledby="payment-facts">
          <h2 id="payment-facts">{t('checkout.success.facts')}</h2>
          <dl className="payment-facts" data-testid="payment-facts">
            {card && (
              <>
                <dt>{t('checkout.success.authorization')}</dt>
                <dd data-testid="payment-authorization">{card.authorizationCode}</dd>
                <dt>{t('checkout.success.card')}</dt>
                <dd data-testid="payment-card">{t('checkout.success.cardValue', { last4: card.cardLast4 ?? '' })}</dd>
                <dt>{t('checkout.success.installments')}</dt>
                <dd data-testid="payment-installments">{card.installments ? installmentText(card.installments) : t('checkout.success.installments.none')}</dd>
              </>
            )}
            {paid?.paidAt && (
              <>
                <dt>{t('checkout.success.paidAt')}</dt>
                <dd data-testid="payment-date">
                  {t('checkout.success.dateTime', {
                    date: formatDateInZone(new Date(paid.paidAt), market.timeZone, 'long'),
                    time: formatTimeInZone(new Date(paid.paidAt), market.timeZone),
                  })}
                </dd>
              </>
            )}
            {order.promisedFor && (
              <>
                <dt>{t(pickup ? 'checkout.success.pickup' : 'checkout.success.delivery')}</dt>
                <dd data-testid="delivery-date">
                  {t(pickup ? 'checkout.success.pickupOn' : 'checkout.success.deliveryOn', { date: formatCalendarDay(order.promisedFor, 'long') })}
                </dd>
              </>
            )}
          </dl>
        </section>
      )}
      {order.confirmationEmail && (
        <p className="notice-success" data-testid="confirmation-email">
          {t('checkout.success.email', { email: order.confirmationEmail })}
        </p>
      )}
    </>
  );
}
