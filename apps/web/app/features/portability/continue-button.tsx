import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../lib/root-data.ts';
import { whileBusy } from '../../lib/busy.ts';
import { continueJourney } from './journey.ts';

/** "Continuar" after a passed step: the next check of the journey, or the order and its delivery step. */
export function ContinueJourneyButton({ label, fallback }: { label?: string; fallback?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function go() {
    setBusy(true);
    await whileBusy(() => continueJourney(navigate, fallback));
    setBusy(false);
  }
  return (
    <button type="button" className="button button-wide" onClick={go} disabled={busy} aria-busy={busy}>
      {label ?? t('identity.continue')}
    </button>
  );
}
