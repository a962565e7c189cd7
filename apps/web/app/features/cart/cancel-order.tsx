import { useState } from 'react';
import { cartEvents } from '@andes/domain/analytics-shop';
import { roundForEvent, formatCount } from '@andes/domain/money';
import { useMarket, useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { Modal } from '../../ui/overlays.tsx';
import { newIdempotencyKey } from '../account/account-data.ts';
import { useMoney } from './money.ts';
import type { OrderView } from './types.ts';

/**
 * 'Cancelar pedido' on the follow-up page: a confirmation dialog (focus kept inside, Escape or 'No'
 * keeps the order) says what happens to the money; confirming posts the cancellation with one
 * idempotency key per dialog, so a double click cancels once. The button shows the work in progress;
 * a refusal is read out in the dialog and the order stays as it was.
 */
export function CancelOrder({ order, onCancelled }: { order: OrderView; onCancelled: (order: OrderView) => void }) {
  const t = useT();
  const market = useMarket();
  const money = useMoney();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState('');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function show() {
    setKey(newIdempotencyKey());
    setError(null);
    setOpen(true);
  }
  const close = () => {
    if (!working) setOpen(false);
  };

  async function confirm() {
    if (working) return;
    setWorking(true);
    setError(null);
    const body = await request<'POST /restpp/order/cancel'>({
      url: '/restpp/order/cancel',
      method: 'POST',
      contentType: 'json',
      data: { order: order.number, idempotencyKey: key },
      failurePopup: 'false',
      failureContext: 'order_cancel',
    });
    setWorking(false);
    if (!body?.success) {
      setError(body?.response?.systemMessage?.[0]?.messages[0] ?? t('pp.error.network'));
      return;
    }
    const done = body;
    if (!done.replayed)
      track(
        cartEvents.orderCancel(market.site, {
          transactionId: order.number,
          currency: market.currency,
          value: roundForEvent(done.refund, market.currency),
          fromStatus: done.fromStatus,
        }),
      );
    setOpen(false);
    onCancelled(done.order);
  }

  // points go back to their line, money in (paid first) to its means; an order paid on hand-over has taken none yet
  const explanation =
    order.paymentKind === 'points'
      ? t('order.cancel.points', { points: formatCount(order.pointsUsed, market.currency) })
      : order.paidAt
        ? t('order.cancel.refund', { amount: money(order.totalPrice) })
        : t('order.cancel.noCharge');
  return (
    <>
      <button type="button" className="button button-ghost" onClick={show} data-testid="order-cancel">
        {t('order.cancel.button')}
      </button>
      {open && (
        <Modal title={t('order.cancel.title', { number: order.number })} onClose={close}>
          <p data-testid="order-cancel-explanation">{explanation}</p>
          <div aria-live="assertive">
            {error && (
              <p className="form-error" role="alert" data-testid="order-cancel-error">
                {error}
              </p>
            )}
          </div>
          {/* aria-disabled, not disabled: the focused button keeps the focus while the call runs */}
          <div className="modal-actions">
            <button type="button" className="button" onClick={confirm} aria-disabled={working} aria-busy={working}>
              {working ? t('order.cancel.working') : t('order.cancel.confirm')}
            </button>
            <button type="button" className="button button-ghost" autoFocus onClick={close} aria-disabled={working}>
              {t('order.cancel.keep')}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
