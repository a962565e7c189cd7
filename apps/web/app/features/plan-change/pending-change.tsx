import { useState } from 'react';
import { planChangeEvents } from '@andes/domain/analytics-account';
import { formatCalendarDay } from '@andes/domain/dates';
import { track } from '../../lib/analytics.ts';
import { useMarket, useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { whileBusy } from '../../lib/busy.ts';
import { INTENT, handledHere, useFormAction, useFormRefusal } from '../../lib/form-action.ts';
import { refusalOf, type PlanChange, type PlanChangeOverview } from './api.ts';

/** A downgrade waiting for its cycle day, and the button that calls it off before then. */
export function PendingChange({ phone, change, onDone }: { phone: string; change: PlanChange; onDone: (next: PlanChangeOverview) => void }) {
  const t = useT();
  const market = useMarket();
  const formAction = useFormAction();
  const formRefusal = useFormRefusal();
  const [error, setError] = useState<string | null>(formRefusal?.fields[INTENT] === 'cancel' ? (formRefusal.error.message ?? t(formRefusal.error.key)) : null);
  const [busy, setBusy] = useState(false);

  async function cancel() {
    setBusy(true);
    const body = await whileBusy(() =>
      request({
        url: `/restpp/asset/${phone}/plan-change/cancel`,
        method: 'POST',
        failurePopup: 'false',
        failureContext: 'plan_change_cancel',
      }),
    );
    setBusy(false);
    if (body?.success) {
      track(planChangeEvents.step(market.site, 'cancelled', { plan_id: change.toPlan.id }));
      onDone(body as unknown as PlanChangeOverview);
      return;
    }
    setError(refusalOf(body, t('pp.error.network')).message);
  }

  return (
    <section className="card narrow" aria-labelledby="plan-change-pending-title" data-testid="plan-change-pending">
      <h2 id="plan-change-pending-title">
        {t('account.planChange.pending', { name: change.toPlan.name, date: formatCalendarDay(change.effectiveOn, 'long') })}
      </h2>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <form method="post" action={formAction} onSubmit={handledHere(cancel)}>
        <input type="hidden" name={INTENT} value="cancel" />
        <input type="hidden" name="line" value={phone} />
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('account.planChange.saving') : t('account.planChange.pending.cancel')}
        </button>
      </form>
    </section>
  );
}
