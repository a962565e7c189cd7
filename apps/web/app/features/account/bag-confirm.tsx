import { useState } from 'react';
import { useLocation } from 'react-router';
import { formatCount } from '@andes/domain/money';
import type { BagPayment } from '@andes/domain/account-bags';
import { useMarket, useT } from '../../lib/root-data.ts';
import { Modal } from '../../ui/overlays.tsx';
import { handledHere, INTENT } from '../../lib/form-action.ts';
import type { Answer } from '@andes/contract/caller';

export type BagOffer = Answer<'GET /restpp/asset/bags/offers'>['offers'][number];

interface Props {
  offer: BagOffer;
  /** A payment that charges at once (balance, points, the bill): a card goes to the gateway, which asks itself. */
  payment: Exclude<BagPayment, 'card'>;
  /** The line's balance as shown, and its points. */
  balance: string;
  points: number;
  /** Buys; answers the refusal to read out in the dialog, or null when bought (the page then closes it). */
  onConfirm: () => Promise<string | null>;
  onClose: () => void;
  /** What the question posts before JavaScript runs: the page's action, the line, the question's key. */
  post: { action: string; line: string; idempotencyKey: string };
  /** The refusal of a purchase posted without JavaScript, read out as a refusal here is. */
  refused?: string | null;
}

/**
 * Asks before a bag is charged: names the bag, its price and how it is paid (the balance, the points,
 * the next bill) and, for a subscription, that it renews. Focus stays inside (Escape or 'Volver'
 * leaves it uncharged); the confirm button shows the work in progress and a refusal is read out here.
 */
export function BagConfirm({ offer, payment, balance, points, onConfirm, onClose, post, refused = null }: Props) {
  const t = useT();
  const market = useMarket();
  const { pathname } = useLocation();
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(refused);
  const recurring = offer.mode === 'recurring';

  async function confirm() {
    if (working) return;
    setWorking(true);
    setError(null);
    const refused = await onConfirm();
    setWorking(false);
    setError(refused);
  }
  const close = () => {
    if (!working) onClose();
  };

  const terms =
    payment === 'points'
      ? t('account.bags.confirm.points', { points: formatCount(offer.pointsPrice ?? 0, market.currency), available: formatCount(points, market.currency) })
      : t(`account.bags.confirm.${payment}`, { price: offer.priceFormatted, balance });
  return (
    <Modal title={t(recurring ? 'account.bags.confirm.titleSubscribe' : 'account.bags.confirm.title', { name: offer.name })} onClose={close}>
      <p data-testid="bag-confirm-terms">{terms}</p>
      {recurring && <p>{t('account.bags.confirm.renews')}</p>}
      <div aria-live="assertive">
        {error && (
          <p className="form-error" role="alert" data-testid="bag-confirm-error">
            {error}
          </p>
        )}
      </div>
      {/* aria-disabled, not disabled: the focused button keeps the focus while the purchase runs */}
      {/* without JavaScript 'Sí, comprar' posts the purchase to the page's action and 'No, volver' opens the page without the question */}
      <div className="modal-actions">
        <form method="post" action={post.action} onSubmit={handledHere(confirm)}>
          <input type="hidden" name={INTENT} value="buy" />
          <input type="hidden" name="offerId" value={offer.id} />
          <input type="hidden" name="payment" value={payment} />
          <input type="hidden" name="line" value={post.line} />
          <input type="hidden" name="idempotencyKey" value={post.idempotencyKey} />
          <button type="submit" className="button" aria-disabled={working} aria-busy={working}>
            {working ? t('account.bags.confirm.working') : t(recurring ? 'account.bags.confirm.subscribe' : 'account.bags.confirm.buy')}
          </button>
        </form>
        <form method="get" action={pathname} onSubmit={handledHere(close)}>
          <button type="submit" className="button button-ghost" autoFocus aria-disabled={working}>
            {t('account.bags.confirm.keep')}
          </button>
        </form>
      </div>
    </Modal>
  );
}
