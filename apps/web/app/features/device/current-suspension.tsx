import { useState } from 'react';
import { suspensionEvents } from '@andes/domain/analytics-account';
import { formatCalendarDay } from '@andes/domain/dates';
import { track } from '../../lib/analytics.ts';
import { useMarket, useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { whileBusy } from '../../lib/busy.ts';
import { INTENT, handledHere, useFormAction, useFormRefusal } from '../../lib/form-action.ts';
import { refusalOf } from './api.ts';
import type { Suspension, SuspensionOverview } from './suspension-api.ts';

/** The line's open suspension (planned or in force) and the button that ends it now or calls it off. */
export function CurrentSuspension({ phone, suspension, onDone }: { phone: string; suspension: Suspension; onDone: (next: SuspensionOverview) => void }) {
  const t = useT();
  const market = useMarket();
  const formAction = useFormAction();
  const formRefusal = useFormRefusal();
  const [error, setError] = useState<string | null>(formRefusal?.fields[INTENT] === 'end' ? (formRefusal.error.message ?? t(formRefusal.error.key)) : null);
  const [busy, setBusy] = useState(false);
  const scheduled = suspension.state === 'scheduled';
  const params = { from: formatCalendarDay(suspension.startsOn, 'long'), to: formatCalendarDay(suspension.lastDay, 'long'), days: suspension.days };

  async function end() {
    setBusy(true);
    const body = await whileBusy(() =>
      request({ url: `/restpp/asset/${phone}/suspension/end`, method: 'POST', failurePopup: 'false', failureContext: 'suspension_end' }),
    );
    setBusy(false);
    if (body?.success) {
      track(suspensionEvents.step(market.site, 'ended', { state: suspension.state }));
      onDone(body as unknown as SuspensionOverview);
      return;
    }
    setError(refusalOf(body, t('pp.error.network')).message);
  }

  return (
    <section className="card narrow" aria-labelledby="suspension-current-title" data-testid="suspension-current">
      <h2 id="suspension-current-title">{t('suspension.current.title')}</h2>
      <p>{t(scheduled ? 'suspension.current.scheduled' : 'suspension.current.active', params)}</p>
      <form method="post" action={formAction} onSubmit={handledHere(end)}>
        <input type="hidden" name={INTENT} value="end" />
        <input type="hidden" name="line" value={phone} />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('suspension.loading') : t(scheduled ? 'suspension.end.scheduled' : 'suspension.end')}
        </button>
      </form>
    </section>
  );
}
