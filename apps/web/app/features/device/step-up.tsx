import './device.css';
import { useState } from 'react';
import { deviceEvents, type DeviceFlow } from '@andes/domain/analytics-account';
import { cleanInput } from '@andes/domain/clean';
import { track } from '../../lib/analytics.ts';
import { useMarket, useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { holdBusy, whileBusy } from '../../lib/busy.ts';
import { Field } from '../../ui/field.tsx';
import { refusalOf } from './api.ts';
import type { Answer } from '@andes/contract/caller';
import { useActionData } from 'react-router';
import { INTENT, handledHere, useFormAction, useFormRefusal } from '../../lib/form-action.ts';
import { STEP_UP_QUESTIONS, type StepUpStage } from './step-up-fields.ts';

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
  posts = false,
}: {
  phone: string;
  purpose: 'unblock' | 'simChange' | 'numberChange' | 'smartLine';
  flow: DeviceFlow;
  onVerified: (stepUpId: string) => void;
  /** Its forms also post to the page (whose action knows the intents `stepUpStart` and `stepUpConfirm`), for a browser without JavaScript. */
  posts?: boolean;
}) {
  const t = useT();
  const market = useMarket();
  const formAction = useFormAction();
  // without JavaScript: where the step-up posted to the page stands, or the start's refusal
  const actionData = useActionData() as StepUpStage | undefined;
  const stage = posts && actionData && typeof actionData === 'object' && 'started' in actionData ? actionData : undefined;
  const startRefusal = useFormRefusal();
  const refusedStart = posts && startRefusal?.fields[INTENT] === 'stepUpStart' ? startRefusal : undefined;
  const [started, setStarted] = useState<Pick<Started, 'stepUpId' | 'emailHint' | 'secondFactor' | 'questions'> | null>(stage?.started ?? null);
  const [code, setCode] = useState('');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [reportNumber, setReportNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>(stage?.fieldErrors ?? {});
  const [formError, setFormError] = useState<{ message: string; spent: boolean } | null>(() => {
    const refusal = stage?.refusal ?? refusedStart?.error;
    return refusal ? { message: refusal.message ?? t(refusal.key), spent: SPENT.includes(refusal.key) } : null;
  });
  const posting = posts ? { method: 'post' as const, action: formAction } : {};
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    const body = await whileBusy(() =>
      request({
        url: `/REST/asset/${phone}/validate/code`,
        method: 'POST',
        contentType: 'json',
        data: { purpose },
        failurePopup: 'false',
        failureContext: 'device_step_up',
      }),
    );
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

  async function confirm() {
    if (!started) return;
    setBusy(true);
    const release = holdBusy();
    const data = { stepUpId: started.stepUpId, code, ...(started.secondFactor === 'identity' ? { answers } : { reportNumber }) };
    const body = await request({
      url: `/REST/asset/${phone}/validate`,
      method: 'POST',
      contentType: 'json',
      data,
      failurePopup: 'false',
      failureContext: 'device_step_up',
    });
    release();
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
          <form {...posting} onSubmit={handledHere(send)}>
            {posts && <input type="hidden" name={INTENT} value="stepUpStart" />}
            {posts && <input type="hidden" name="line" value={phone} />}
            <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
              {t('device.stepUp.send')}
            </button>
          </form>
        </>
      ) : (
        <form {...posting} onSubmit={handledHere(confirm)} noValidate>
          {posts && (
            <>
              <input type="hidden" name={INTENT} value="stepUpConfirm" />
              <input type="hidden" name="line" value={phone} />
              <input type="hidden" name="stepUpId" value={started.stepUpId} />
              <input type="hidden" name="emailHint" value={started.emailHint} />
              <input type="hidden" name="secondFactor" value={started.secondFactor} />
              <input type="hidden" name={STEP_UP_QUESTIONS} value={JSON.stringify(started.questions)} />
            </>
          )}
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
