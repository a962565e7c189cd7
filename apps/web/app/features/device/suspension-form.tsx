import { useState } from 'react';
import { suspensionEvents } from '@andes/domain/analytics-account';
import { addDaysIso } from '@andes/domain/account-bills';
import { SUSPENSION_REASONS } from '@andes/domain/suspension';
import { track } from '../../lib/analytics.ts';
import { useMarket, useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { whileBusy } from '../../lib/busy.ts';
import { Field } from '../../ui/field.tsx';
import { INTENT, handledHere, useFormAction, useFormRefusal } from '../../lib/form-action.ts';
import { refusalOf } from './api.ts';
import type { SuspensionOverview } from './suspension-api.ts';
import './device.css';

/**
 * Scheduling a suspension: why, its first and last days (the market's calendar, from today up to the
 * rule's lead days ahead). The server checks the rule; the date fields only keep the choice in range.
 */
export function SuspensionForm({ overview, onDone }: { overview: SuspensionOverview; onDone: (next: SuspensionOverview) => void }) {
  const t = useT();
  const market = useMarket();
  const formAction = useFormAction();
  const formRefusal = useFormRefusal();
  const posted = formRefusal?.fields ?? {};
  const { rule, today } = overview;
  const [reason, setReason] = useState(posted.reason ?? 'travel');
  const [startsOn, setStartsOn] = useState(posted.startsOn ?? today);
  const [endsOn, setEndsOn] = useState(posted.endsOn ?? addDaysIso(today, rule.minDays - 1));
  const [errors, setErrors] = useState<Record<string, string[]>>(formRefusal?.fieldErrors ?? {});
  const [formError, setFormError] = useState<string | null>(formRefusal ? (formRefusal.error.message ?? t(formRefusal.error.key)) : null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    setBusy(true);
    const body = await whileBusy(() =>
      request({
        url: `/restpp/asset/${overview.phoneNumber}/suspension`,
        method: 'POST',
        contentType: 'json',
        data: { reason, startsOn, endsOn },
        failurePopup: 'false',
        failureContext: 'suspension_start',
      }),
    );
    setBusy(false);
    if (body?.success) {
      const next = body as unknown as SuspensionOverview;
      track(suspensionEvents.step(market.site, 'scheduled', { reason, days: next.current?.days ?? 0 }));
      setErrors({});
      setFormError(null);
      onDone(next);
      return;
    }
    const refusal = refusalOf(body, t('pp.error.network'));
    setErrors(refusal.fields);
    setFormError(Object.keys(refusal.fields).length ? null : refusal.message);
  }

  const err = (name: string) => errors[name]?.[0];
  return (
    <form method="post" action={formAction} onSubmit={handledHere(submit)} noValidate className="card narrow" aria-labelledby="suspension-form-title">
      <h2 id="suspension-form-title">{t('suspension.form.title')}</h2>
      <input type="hidden" name={INTENT} value="start" />
      <input type="hidden" name="line" value={overview.phoneNumber} />
      <fieldset className="device-fieldset" aria-describedby={err('reason') ? 'suspension-reason-error' : undefined}>
        <legend>{t('suspension.reason')}</legend>
        {SUSPENSION_REASONS.map((r) => (
          <label key={r} className="choice">
            <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
            {t(`suspension.reason.${r}`)}
          </label>
        ))}
        {err('reason') && (
          <p className="field-error" id="suspension-reason-error" role="alert">
            * {t(err('reason')!)}
          </p>
        )}
      </fieldset>
      <p className="field-hint" id="suspension-dates-help">
        {t('suspension.dates.help', { country: market.countryName, lead: rule.maxLeadDays })}
      </p>
      <Field
        id="suspension-starts"
        name="startsOn"
        type="date"
        label={t('suspension.startsOn')}
        min={today}
        max={addDaysIso(today, rule.maxLeadDays)}
        value={startsOn}
        onChange={(e) => setStartsOn(e.target.value)}
        error={err('startsOn')}
      />
      <Field
        id="suspension-ends"
        name="endsOn"
        type="date"
        label={t('suspension.endsOn')}
        min={startsOn}
        value={endsOn}
        onChange={(e) => setEndsOn(e.target.value)}
        error={err('endsOn')}
      />
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('suspension.loading') : t('suspension.submit')}
      </button>
    </form>
  );
}
