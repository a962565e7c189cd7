import { useMemo, useState } from 'react';
import { insuranceEvents } from '@andes/domain/analytics-account';
import { formatDateInZone, formatDateTimeInZone } from '@andes/domain/dates';
import { CLAIM_DESCRIPTION_MAX, type ClaimKind } from '@andes/domain/insurance-claims';
import { track } from '../../lib/analytics.ts';
import { useMarket, useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { holdBusy, whileBusy } from '../../lib/busy.ts';
import { INTENT, handledHere, useFormAction, useFormRefusal } from '../../lib/form-action.ts';
import { refusalOf } from './api.ts';
import type { InsuranceClaim, InsuranceOverview } from './insurance-api.ts';
import './device.css';

/** A fresh key per payment the customer starts: a double click or a retry of the same click pays once. */
function newKey(): string {
  return `ded-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The insurances a claim may be filed on: in force, covering something, with an event left. */
export function claimable(overview: InsuranceOverview) {
  return overview.insurances.filter((i) => i.inForce && i.covers.length > 0 && i.eventsLeft !== 0);
}

/**
 * Filing a claim: which insurance (when there are several), what happened (the kinds it covers), and
 * the story. A theft needs the line's theft block first (docs/decisions/021), linked from here; the
 * deductible the claim will be charged is shown before it is filed.
 */
export function ClaimForm({ overview, onDone }: { overview: InsuranceOverview; onDone: (next: InsuranceOverview, number: string) => void }) {
  const t = useT();
  const market = useMarket();
  const formAction = useFormAction();
  // a claim refused without JavaScript: the page again as the customer left it, each message beside its field
  const formRefusal = useFormRefusal();
  const posted = formRefusal?.fields ?? {};
  const options = useMemo(() => claimable(overview), [overview]);
  const [insuranceId, setInsuranceId] = useState(Number(posted.insuranceId) || (options[0]?.id ?? 0));
  const chosen = options.find((i) => i.id === insuranceId) ?? options[0];
  const [kind, setKind] = useState<ClaimKind>((posted.kind as ClaimKind | undefined) ?? chosen?.covers[0] ?? 'damage');
  const [description, setDescription] = useState(posted.description ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>(formRefusal?.fieldErrors ?? {});
  const [formError, setFormError] = useState<string | null>(
    formRefusal && !Object.keys(formRefusal.fieldErrors ?? {}).length ? (formRefusal.error.message ?? t(formRefusal.error.key)) : null,
  );
  const [busy, setBusy] = useState(false);
  if (!chosen) return <p data-testid="claim-unavailable">{t('insurance.claim.unavailable')}</p>;
  const kinds = chosen.covers;
  const currentKind = kinds.includes(kind) ? kind : kinds[0]!;
  const theftBlocked = currentKind === 'theft' && !overview.theftBlock;

  async function submit() {
    setBusy(true);
    const body = await whileBusy(() =>
      request<'POST /restpp/asset/:phoneNumber/insurance/claims'>({
        url: `/restpp/asset/${overview.phoneNumber}/insurance/claims`,
        method: 'POST',
        contentType: 'json',
        data: { insuranceId: chosen!.id, kind: currentKind, description },
        failurePopup: 'false',
        failureContext: 'insurance_claim',
      }),
    );
    setBusy(false);
    if (body?.success && body.current) {
      track(insuranceEvents.step(market.site, 'claim_filed', { kind: currentKind, insurance: chosen!.insuranceId }));
      onDone(body, body.current.number);
      return;
    }
    const refusal = refusalOf(body, t('pp.error.network'));
    setErrors(refusal.fields);
    setFormError(Object.keys(refusal.fields).length ? null : refusal.message);
  }

  const err = (name: string) => errors[name]?.[0];
  return (
    <form
      method="post"
      action={formAction}
      onSubmit={handledHere(submit)}
      noValidate
      className="card narrow"
      aria-labelledby="claim-form-title"
      data-testid="claim-form"
    >
      <h2 id="claim-form-title">{t('insurance.claim.title')}</h2>
      <input type="hidden" name={INTENT} value="claim" />
      <input type="hidden" name="line" value={overview.phoneNumber} />
      {options.length === 1 && <input type="hidden" name="insuranceId" value={chosen.id} />}
      {options.length > 1 && (
        <fieldset className="device-fieldset">
          <legend>{t('insurance.claim.insurance')}</legend>
          {options.map((i) => (
            <label key={i.id} className="choice">
              <input type="radio" name="insuranceId" value={i.id} checked={chosen.id === i.id} onChange={() => setInsuranceId(i.id)} />
              {i.displayName} ({i.device})
            </label>
          ))}
        </fieldset>
      )}
      <fieldset className="device-fieldset" aria-describedby={err('kind') ? 'claim-kind-error' : undefined}>
        <legend>{t('insurance.claim.kind')}</legend>
        {kinds.map((k) => (
          <label key={k} className="choice">
            <input type="radio" name="kind" value={k} checked={currentKind === k} onChange={() => setKind(k)} />
            {t(`insurance.claim.kind.${k}`)}
          </label>
        ))}
        {err('kind') && (
          <p className="field-error" id="claim-kind-error" role="alert">
            * {t(err('kind')!)}
          </p>
        )}
      </fieldset>
      {currentKind === 'theft' &&
        (overview.theftBlock ? (
          <p data-testid="claim-theft-block">{t('insurance.claim.theftBlock', { report: overview.theftBlock.report ?? '' })}</p>
        ) : (
          <p className="form-error" data-testid="claim-theft-needs-block">
            {t('insurance.claim.theftNeedsBlock')} <a href="/personas/mientel/equipo/bloqueo">{t('insurance.claim.blockLink')}</a>
          </p>
        ))}
      <div className="field">
        <label htmlFor="claim-description">{t('insurance.claim.description')}</label>
        <p className="field-hint" id="claim-description-hint">
          {t('insurance.claim.description.hint')}
        </p>
        <textarea
          id="claim-description"
          name="description"
          rows={4}
          maxLength={CLAIM_DESCRIPTION_MAX}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={err('description') ? true : undefined}
          aria-describedby={['claim-description-hint', err('description') ? 'claim-description-error' : ''].filter(Boolean).join(' ')}
        />
        {err('description') && (
          <p className="field-error" id="claim-description-error" role="alert">
            * {t(err('description')!)}
          </p>
        )}
      </div>
      <p data-testid="claim-deductible">
        {t('insurance.claim.deductible', { amount: chosen.nextDeductible.formatted })} {t(`insurance.claim.payWith.${overview.deductiblePayment}`)}
      </p>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="button" disabled={busy || theftBlocked} aria-busy={busy || undefined}>
        {busy ? t('insurance.loading') : t('insurance.claim.submit')}
      </button>
    </form>
  );
}

/** The claim under way: its state and timeline, the status check, and the deductible once approved. */
export function CurrentClaim({
  overview,
  claim,
  onChange,
}: {
  overview: InsuranceOverview;
  claim: InsuranceClaim;
  onChange: (next: InsuranceOverview, what: 'checked' | 'paid') => void;
}) {
  const t = useT();
  const market = useMarket();
  const [busy, setBusy] = useState<'check' | 'pay' | 'card' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [payKey, setPayKey] = useState(newKey);
  const when = (iso: string) => formatDateTimeInZone(new Date(iso), market.timeZone);
  const payable = claim.status === 'approved' && !claim.deductiblePaidAt;

  async function check() {
    setBusy('check');
    setError(null);
    const body = await whileBusy(() =>
      request<'POST /restpp/asset/:phoneNumber/insurance/claims/:claimNumber/status'>({
        url: `/restpp/asset/${overview.phoneNumber}/insurance/claims/${claim.number}/status`,
        method: 'POST',
        failurePopup: 'false',
        failureContext: 'insurance_status',
      }),
    );
    setBusy(null);
    if (body?.success) {
      const next = body.current ?? body.history.find((c) => c.number === claim.number);
      track(insuranceEvents.step(market.site, 'status_checked', { status: next?.status ?? claim.status }));
      onChange(body, 'checked');
      return;
    }
    setError(refusalOf(body, t('pp.error.network')).message);
  }

  async function pay() {
    setBusy('pay');
    setError(null);
    const body = await whileBusy(() =>
      request<'POST /restpp/asset/:phoneNumber/insurance/claims/:claimNumber/deductible'>({
        url: `/restpp/asset/${overview.phoneNumber}/insurance/claims/${claim.number}/deductible`,
        method: 'POST',
        contentType: 'json',
        data: { idempotencyKey: payKey },
        failurePopup: 'false',
        failureContext: 'insurance_deductible',
      }),
    );
    setBusy(null);
    if (body?.success) {
      track(insuranceEvents.step(market.site, 'deductible_paid', { value: claim.deductible.amount, payment: overview.deductiblePayment }));
      onChange(body, 'paid');
      return;
    }
    // a refusal is final for this click: the next one is a new payment
    setPayKey(newKey());
    setError(refusalOf(body, t('pp.error.network')).message);
  }

  /** Pays at the gateway's page the amount shown; its return brings the customer back here with the outcome. */
  async function payByCard() {
    setBusy('card');
    setError(null);
    const release = holdBusy();
    track(insuranceEvents.step(market.site, 'deductible_card_started', { value: claim.deductible.amount }));
    const body = await request<'POST /restpp/asset/:phoneNumber/insurance/claims/:claimNumber/deductible/card'>({
      url: `/restpp/asset/${overview.phoneNumber}/insurance/claims/${claim.number}/deductible/card`,
      method: 'POST',
      contentType: 'json',
      data: { idempotencyKey: payKey, amount: claim.deductible.amount },
      failurePopup: 'false',
      failureContext: 'insurance_deductible_card',
    });
    if (body?.success && body.response?.redirectRUL) {
      window.location.assign(body.response.redirectRUL);
      return;
    }
    release();
    setBusy(null);
    setPayKey(newKey());
    setError(refusalOf(body, t('pp.error.network')).message);
  }

  const help = claim.status === 'approved' && claim.deductiblePaidAt ? 'approvedPaid' : claim.status;
  return (
    <section className="card narrow" aria-labelledby="claim-current-title" data-testid="claim-current">
      <h2 id="claim-current-title">{t('insurance.current.title', { number: claim.number })}</h2>
      <p data-testid="claim-status">
        <strong>{t('insurance.status', { status: t(`insurance.status.${claim.status}`) })}</strong>
      </p>
      <p>{t(`insurance.status.help.${help}`)}</p>
      <p>{t('insurance.current.insurance', { name: claim.insuranceName })}</p>
      <p>{t('insurance.current.kind', { kind: t(`insurance.claim.kind.${claim.kind}`) })}</p>
      {claim.theftReport && <p>{t('insurance.current.report', { report: claim.theftReport })}</p>}
      <p data-testid="claim-deductible-amount">{t('insurance.current.deductible', { amount: claim.deductible.formatted })}</p>
      {claim.deductiblePaidAt && claim.deductiblePayment && (
        <p data-testid="claim-deductible-paid">
          {t(`insurance.deductible.paid.${claim.deductiblePayment}`, {
            amount: claim.deductible.formatted,
            when: formatDateInZone(new Date(claim.deductiblePaidAt), market.timeZone, 'long'),
          })}
        </p>
      )}
      <h3>{t('insurance.timeline')}</h3>
      <ol data-testid="claim-timeline">
        {claim.timeline.map((e) => (
          <li key={`${e.status}-${e.at}`}>{t('insurance.timeline.item', { status: t(`insurance.status.${e.status}`), when: when(e.at) })}</li>
        ))}
      </ol>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        {payable && (
          <button type="button" className="button" onClick={pay} disabled={busy !== null} aria-busy={busy === 'pay' || undefined}>
            {busy === 'pay' ? t('insurance.loading') : t('insurance.deductible.pay', { amount: claim.deductible.formatted })}
          </button>
        )}
        {payable && (
          <button
            type="button"
            className="button"
            onClick={payByCard}
            disabled={busy !== null}
            aria-busy={busy === 'card' || undefined}
            data-testid="deductible-card"
          >
            {busy === 'card' ? t('insurance.loading') : t('insurance.deductible.payCard', { amount: claim.deductible.formatted })}
          </button>
        )}
        <button type="button" className="button button-ghost" onClick={check} disabled={busy !== null} aria-busy={busy === 'check' || undefined}>
          {busy === 'check' ? t('insurance.loading') : t('insurance.refresh')}
        </button>
      </div>
      {payable && <p className="field-hint">{t(`insurance.claim.payWith.${overview.deductiblePayment}`)}</p>}
    </section>
  );
}
