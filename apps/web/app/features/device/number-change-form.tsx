import './device.css';
import { useState } from 'react';
import { deviceEvents } from '@andes/domain/analytics-account';
import { formatDateTimeInZone } from '@andes/domain/dates';
import { formatPhone } from '@andes/domain/documents';
import { track } from '../../lib/analytics.ts';
import { useMarket, useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { whileBusy } from '../../lib/busy.ts';
import { refusalOf } from './api.ts';
import { StepUp } from './step-up.tsx';
import type { NumberChanged, NumberOverview } from './number-api.ts';

/**
 * The number change: five numbers reserved for the customer while they choose, the step-up (the same
 * as a SIM change's), then the change. A refusal says why; a lapsed reservation asks for numbers again.
 */
export function NumberChangeForm({ overview, onChanged }: { overview: NumberOverview; onChanged: (changed: NumberChanged) => void }) {
  const t = useT();
  const market = useMarket();
  const [offer, setOffer] = useState(overview);
  const [picked, setPicked] = useState('');
  const [stepUpId, setStepUpId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const phone = overview.phoneNumber;

  async function call(url: string, data: Record<string, string> | undefined, failureContext: string) {
    setBusy(true);
    const body = await whileBusy(() => request({ url, method: 'POST', contentType: 'json', data, failurePopup: 'false', failureContext }));
    setBusy(false);
    if (!body?.success) setError(refusalOf(body, t('pp.error.network')).message);
    else setError(null);
    return body?.success ? body : null;
  }

  async function askOffers() {
    const body = await call(`/restpp/asset/${phone}/number/offers`, undefined, 'number_offers');
    if (!body) return;
    const next = body as unknown as NumberOverview;
    track(deviceEvents.step(market.site, 'number_change', 'offered', { count: next.offered.length }));
    setOffer(next);
    setPicked('');
  }

  async function change() {
    if (!picked || !stepUpId) return setError(t('numbering.error.pick'));
    const body = await call(`/restpp/asset/${phone}/number/change`, { number: picked, stepUpId }, 'number_change');
    if (!body) {
      // a spent or lapsed step-up or reservation: start over from the numbers
      setStepUpId(null);
      return;
    }
    track(deviceEvents.step(market.site, 'number_change', 'changed'));
    onChanged(body as unknown as NumberChanged);
  }

  const errorLine = error && (
    <p className="form-error" role="alert">
      {error}
    </p>
  );
  if (!offer.offered.length) {
    return (
      <div className="card narrow">
        {errorLine}
        <button type="button" className="button" onClick={askOffers} disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('numbering.loading') : t('numbering.offer')}
        </button>
      </div>
    );
  }
  return (
    <div className="card narrow">
      <fieldset className="device-fieldset" aria-describedby="number-reserved-until">
        <legend>{t('numbering.offered')}</legend>
        {offer.offered.map((n) => (
          <label key={n} className="choice">
            <input type="radio" name="number" value={n} checked={picked === n} onChange={() => setPicked(n)} />
            {formatPhone(n, market.site)}
          </label>
        ))}
        {offer.reservedUntil && (
          <p className="field-hint" id="number-reserved-until">
            {t('numbering.reservedUntil', { time: formatDateTimeInZone(new Date(offer.reservedUntil), market.timeZone) })}
          </p>
        )}
      </fieldset>
      {stepUpId ? (
        <>
          {errorLine}
          <button type="button" className="button" onClick={change} disabled={busy || !picked} aria-busy={busy || undefined}>
            {busy ? t('numbering.loading') : t('numbering.confirm', { phone: picked ? formatPhone(picked, market.site) : '' })}
          </button>
        </>
      ) : (
        <>
          {errorLine}
          <h2>{t('numbering.stepUp')}</h2>
          <StepUp phone={phone} purpose="numberChange" flow="number_change" onVerified={setStepUpId} />
        </>
      )}
    </div>
  );
}
