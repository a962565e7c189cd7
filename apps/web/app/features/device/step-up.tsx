import './device.css';
import { useState } from 'react';
import { deviceEvents, type DeviceFlow } from '@andes/domain/analytics-account';
import { cleanInput } from '@andes/domain/clean';
import { track } from '../../lib/analytics.ts';
import { useMarket, useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { ui } from '../../lib/ui-events.ts';
import { Field } from '../../ui/field.tsx';
import { refusalOf } from './api.ts';
import type { Answer } from '@andes/contract/caller';

type Started = Answer<'POST /REST/asset/:phoneNumber/validate/code'>;

/** Refusals after which this step-up can no longer pass: a new code (and round of questions) is needed. */
const SPENT = ['device.error.stepUp.expired', 'device.error.stepUp.identity', 'pp.error.identity.challenge', 'pp.error.identity.locked'];

/**
 * The step-up before unblocking or changing the SIM: a code e-mailed to the address on file (not the
 * line) plus the identity questions, or the theft report for a line reported stolen. Tells the page
 * the step-up id once both passed.
 */
export function StepUp({
  phone,
  purpose,
  flow,
  onVerified,
}: {
  phone: string;
  purpose: 'unblock' | 'simChange' | 'numberChange' | 'smartLine';
  flow: DeviceFlow;
  onVerified: (stepUpId: string) => void;
}) {
  const t = useT();
  const market = useMarket();
  const [started, setStarted] = useState<Started | null>(null);
  const [code, setCode] = useState('');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [reportNumber, setReportNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<{ message: string; spent: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    ui.loading(true);
    const body = await request({
      url: `/REST/asset/${phone}/validate/code`,
      method: 'POST',
      contentType: 'json',
      data: { purpose },
      failurePopup: 'false',
      failureContext: 'device_step_up',
    });
    ui.loading(false);
    setBusy(false);
    if (body?.success) {
      const next = body as unknown as Started;
      setStarted(next);
      setCode('');
      setAnswers({});
      setReportNumber('');
      setErrors({});
      setFormError(null);
      track(deviceEvents.step(market.site, flow, 'code_sent', { second_factor: next.secondFactor }));
      return;
    }
    setFormError({ message: refusalOf(body, t('pp.error.network')).message, spent: false });
  }

  async function confirm(e: React.FormEvent) {
    e.preventDefault();
    if (!started) return;
    setBusy(true);
    ui.loading(true);
    const data = { stepUpId: started.stepUpId, code, ...(started.secondFactor === 'identity' ? { answers } : { reportNumber }) };
    const body = await request({
      url: `/REST/asset/${phone}/validate`,
      method: 'POST',
      contentType: 'json',
      data,
      failurePopup: 'false',
      failureContext: 'device_step_up',
    });
    ui.loading(false);
    setBusy(false);
    if (body?.success) {
      track(deviceEvents.step(market.site, flow, 'verified'));
      onVerified(started.stepUpId);
      return;
    }
    const refusal = refusalOf(body, t('pp.error.network'));
    setErrors(refusal.fields);
    setFormError({ message: refusal.message, spent: SPENT.includes(refusal.key ?? '') });
  }

  const err = (name: string) => errors[name]?.[0];
  return (
    <section className="card" aria-labelledby="step-up-title">
      <h2 id="step-up-title">{t('device.stepUp.title')}</h2>
      {!started ? (
        <>
          <p>{t('device.stepUp.intro')}</p>
          {formError && (
            <p className="form-error" role="alert">
              {formError.message}
            </p>
          )}
          <button type="button" className="button" onClick={send} disabled={busy} aria-busy={busy || undefined}>
            {t('device.stepUp.send')}
          </button>
        </>
      ) : (
        <form onSubmit={confirm} noValidate>
          <p role="status">{t('device.stepUp.sent', { email: started.emailHint })}</p>
          <Field
            id="step-up-code"
            name="code"
            label={t('device.stepUp.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(cleanInput('numeric', e.target.value, market).slice(0, 6))}
            error={err('code')}
          />
          {started.secondFactor === 'report' ? (
            <Field
              id="step-up-report"
              name="reportNumber"
              label={t('device.stepUp.report')}
              value={reportNumber}
              onChange={(e) => setReportNumber(e.target.value.slice(0, 30))}
              error={err('reportNumber')}
            />
          ) : (
            <fieldset className="field">
              <legend>{t('device.stepUp.questions')}</legend>
              {started.questions.map((q) => (
                <fieldset key={q.id} className="field">
                  <legend>{q.text}</legend>
                  {q.options.map((o) => (
                    <label key={o.id} className="choice">
                      <input
                        type="radio"
                        name={`question-${q.id}`}
                        value={o.id}
                        checked={answers[q.id] === o.id}
                        onChange={() => setAnswers((a) => ({ ...a, [q.id]: o.id }))}
                      />
                      {o.text}
                    </label>
                  ))}
                </fieldset>
              ))}
            </fieldset>
          )}
          {formError && (
            <p className="form-error" role="alert">
              {formError.message}
            </p>
          )}
          {formError?.spent ? (
            <button type="button" className="button" onClick={send} disabled={busy} aria-busy={busy || undefined}>
              {t('device.stepUp.restart')}
            </button>
          ) : (
            <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
              {t('device.stepUp.confirm')}
            </button>
          )}
        </form>
      )}
    </section>
  );
}
