import { useState } from 'react';
import { smartLineEvents } from '@andes/domain/analytics-account';
import { formatDateInZone } from '@andes/domain/dates';
import { formatPhone } from '@andes/domain/documents';
import { EID_LENGTH, cleanEid } from '@andes/domain/smart-line';
import type { Answer } from '@andes/contract/caller';
import { track } from '../../lib/analytics.ts';
import { useMarket, useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { whileBusy } from '../../lib/busy.ts';
import { Field } from '../../ui/field.tsx';
import { useActionData } from 'react-router';
import { INTENT, handledHere, useFormAction, useFormRefusal } from '../../lib/form-action.ts';
import { refusalOf } from './api.ts';
import { StepUp } from './step-up.tsx';
import type { StepUpStage } from './step-up-fields.ts';
import './device.css';

/** The smart line routes' answer the page reads, as the contract types it. */
export type SmartLineOverview = Answer<'GET /restpp/asset/:phoneNumber/smart-line'>;
type SmartLine = NonNullable<SmartLineOverview['current']>;
/** The action's answer when a watch was added without JavaScript (the page shows its code once). */
export type SmartLineAdded = { addedOverview: SmartLineOverview };

/** Adding a watch: its name and its EID (32 digits, checked here and by the server). */
export function SmartLineForm({ overview, onDone }: { overview: SmartLineOverview; onDone: (next: SmartLineOverview) => void }) {
  const t = useT();
  const market = useMarket();
  const formAction = useFormAction();
  // without JavaScript: the step-up passed by posts to the page, or the watch's refusal with what was typed
  const stage = useActionData() as StepUpStage | undefined;
  const verified = stage && typeof stage === 'object' && 'verified' in stage ? (stage.verified ?? null) : null;
  const formRefusal = useFormRefusal();
  const refusedAdd = formRefusal?.fields[INTENT] === 'add' ? formRefusal : undefined;
  const posted = refusedAdd?.fields ?? {};
  const keepStepUp = refusedAdd && !refusedAdd.error.key.startsWith('device.error.stepUp') && !refusedAdd.fieldErrors?.stepUpId;
  const [watchName, setWatchName] = useState(posted.watchName ?? '');
  const [eid, setEid] = useState(posted.eid ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>(refusedAdd?.fieldErrors ?? {});
  const [formError, setFormError] = useState<string | null>(
    refusedAdd && !Object.keys(refusedAdd.fieldErrors ?? {}).filter((f) => f !== 'stepUpId').length
      ? (refusedAdd.error.message ?? t(refusedAdd.error.key))
      : null,
  );
  const [busy, setBusy] = useState(false);
  const [stepUpId, setStepUpId] = useState<string | null>(verified ?? (keepStepUp ? (posted.stepUpId ?? null) : null));

  async function submit() {
    if (!stepUpId) return;
    setBusy(true);
    const body = await whileBusy(() =>
      request<'POST /restpp/asset/:phoneNumber/smart-line'>({
        url: `/restpp/asset/${overview.phoneNumber}/smart-line`,
        method: 'POST',
        contentType: 'json',
        data: { watchName, eid, stepUpId },
        failurePopup: 'false',
        failureContext: 'smart_line_add',
      }),
    );
    setBusy(false);
    if (body?.success) {
      track(smartLineEvents.step(market.site, 'added'));
      setErrors({});
      setFormError(null);
      onDone(body);
      return;
    }
    const refusal = refusalOf(body, t('pp.error.network'));
    // a spent or refused step-up is asked again; a refused watch keeps the step-up for the next try
    if (refusal.key?.startsWith('device.error.stepUp') || refusal.fields.stepUpId) setStepUpId(null);
    setErrors(refusal.fields);
    setFormError(Object.keys(refusal.fields).filter((f) => f !== 'stepUpId').length ? null : refusal.message);
  }

  return (
    <div className="card narrow" data-testid="smart-line-form">
      <form method="post" action={formAction} onSubmit={handledHere(submit)} noValidate aria-labelledby="smart-form-title">
        <h2 id="smart-form-title">{t('smartLine.form.title')}</h2>
        <input type="hidden" name={INTENT} value="add" />
        <input type="hidden" name="line" value={overview.phoneNumber} />
        {stepUpId && <input type="hidden" name="stepUpId" value={stepUpId} />}
        <Field
          id="smart-watch-name"
          name="watchName"
          label={t('smartLine.watchName')}
          hint={t('smartLine.watchName.hint')}
          value={watchName}
          maxLength={40}
          autoComplete="off"
          onChange={(e) => setWatchName(e.target.value)}
          error={errors.watchName?.[0]}
        />
        <Field
          id="smart-eid"
          name="eid"
          label={t('smartLine.eid')}
          hint={t('smartLine.eid.hint')}
          value={eid}
          inputMode="numeric"
          maxLength={EID_LENGTH}
          autoComplete="off"
          onChange={(e) => setEid(cleanEid(e.target.value))}
          error={errors.eid?.[0]}
        />
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        {stepUpId && (
          <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('smartLine.loading') : t('smartLine.submit')}
          </button>
        )}
      </form>
      {!stepUpId && (
        <section aria-labelledby="smart-step-up-title">
          <h3 id="smart-step-up-title">{t('smartLine.stepUp')}</h3>
          <StepUp phone={overview.phoneNumber} purpose="smartLine" flow="smart_line" onVerified={setStepUpId} posts />
        </section>
      )}
    </div>
  );
}

/** The watch using the line's number: its activation code and the button that takes the number off it. */
export function CurrentSmartLine({ overview, watch, onDone }: { overview: SmartLineOverview; watch: SmartLine; onDone: (next: SmartLineOverview) => void }) {
  const t = useT();
  const market = useMarket();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    setBusy(true);
    setError(null);
    const body = await whileBusy(() =>
      request<'POST /restpp/asset/:phoneNumber/smart-line/remove'>({
        url: `/restpp/asset/${overview.phoneNumber}/smart-line/remove`,
        method: 'POST',
        failurePopup: 'false',
        failureContext: 'smart_line_remove',
      }),
    );
    setBusy(false);
    if (body?.success) {
      track(smartLineEvents.step(market.site, 'removed'));
      onDone(body);
      return;
    }
    setError(refusalOf(body, t('pp.error.network')).message);
  }

  return (
    <section className="card narrow smart-line-card" aria-labelledby="smart-current-title" data-testid="smart-line-current">
      <h2 id="smart-current-title">{t('smartLine.current.title')}</h2>
      <p>{t('smartLine.current.watch', { name: watch.watchName })}</p>
      <p>{t('smartLine.current.eid', { eid: watch.eid })}</p>
      <p>{t('smartLine.current.iccid', { iccid: watch.iccid })}</p>
      <p>{t('smartLine.current.since', { when: formatDateInZone(new Date(watch.createdAt), market.timeZone, 'long') })}</p>
      <h3 id="smart-code-title">{t('smartLine.current.code')}</h3>
      {watch.activationCode ? (
        <>
          <p>{t('smartLine.current.steps', { phone: formatPhone(overview.phoneNumber, market.site) })}</p>
          <p>
            <code aria-labelledby="smart-code-title" data-testid="smart-line-code" className="activation-code">
              {watch.activationCode}
            </code>
          </p>
        </>
      ) : (
        <p data-testid="smart-line-code-hidden">{t('smartLine.current.codeShownOnce')}</p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button button-ghost" onClick={remove} disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('smartLine.loading') : t('smartLine.remove')}
      </button>
    </section>
  );
}
