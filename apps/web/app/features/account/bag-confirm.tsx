import { useState } from 'react';
import { formatCount } from '@andes/domain/money';
import type { BagPayment } from '@andes/domain/account-bags';
import { useMarket, useT } from '../../lib/root-data.ts';
import { Modal } from '../../ui/overlays.tsx';

export interface BagOffer {
  id: string;
  name: string;
  mode: string;
  priceFormatted: string;
  pointsPrice: number | null;
}

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
}

/**
 * Asks before a bag is charged: names the bag, its price and how it is paid (the balance, the points,
 * the next bill) and, for a subscription, that it renews. Focus stays inside (Escape or 'Volver'
 * leaves it uncharged); the confirm button shows the work in progress and a refusal is read out here.
 */
export function BagConfirm({ offer, payment, balance, points, onConfirm, onClose }: Props) {
  const t = useT();
  const market = useMarket();
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
      <div className="modal-actions">
        <button type="button" className="button" onClick={confirm} aria-disabled={working} aria-busy={working}>
          {working ? t('account.bags.confirm.working') : t(recurring ? 'account.bags.confirm.subscribe' : 'account.bags.confirm.buy')}
        </button>
        <button type="button" className="button button-ghost" autoFocus onClick={close} aria-disabled={working}>
          {t('account.bags.confirm.keep')}
        </button>
      </div>
    </Modal>
  );
}
