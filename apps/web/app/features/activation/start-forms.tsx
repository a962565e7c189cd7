import { useEffect, useId, useState } from 'react';
import { useActionData } from 'react-router';
import { activationEvents, type ActivationJourney } from '@andes/domain/sim-activation';
import { INTENT, useFormAction, useFormRefusal, type FormRefusal } from '../../lib/form-action.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { useMarket, useT } from '../../lib/root-data.ts';
import { cleanInput } from '@andes/domain/clean';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { whileBusy } from '../../lib/busy.ts';
import { Field } from '../../ui/field.tsx';
import { GeoSelect, useGeo, type Area } from '../cart/geo-fields.tsx';
import { refusalKey, refusalOf, type Activation } from './activation-data.ts';
import type { IdentityRound } from './start-actions.server.ts';

type Setter = (a: Activation) => void;

/** The refusal of this form's own post without JavaScript (decision 018), if that is what the page answers. */
function useRefusalOf(intent: string): FormRefusal | undefined {
  const refusal = useFormRefusal();
  return refusal?.fields[INTENT] === intent ? refusal : undefined;
}

/** A refusal's text for the form: the field's message, else the server's, else the key's. */
function refusalText(refusal: FormRefusal | undefined, t: (key: string) => string, field?: string): string | null {
  if (!refusal) return null;
  return (field ? refusal.fieldErrors?.[field]?.[0] : undefined) ?? refusal.error.message ?? t(refusal.error.key);
}

/** A form's error line, read out when it appears. */
function FormError({ text }: { text: string | null }) {
  return (
    <div aria-live="assertive">
      {text && (
        <p className="form-error" role="alert">
          {text}
        </p>
      )}
    </div>
  );
}

/** Step 2: the chip's code from its card (typed or pasted), checked in the SIM inventory and held for this browser. */
export function ChipForm({ journey, activation, onChange }: { journey: ActivationJourney; activation: Activation | null; onChange: Setter }) {
  const t = useT();
  const market = useMarket();
  const formAction = useFormAction();
  const refusal = useRefusalOf('chip');
  const [iccid, setIccid] = useState(refusal?.fields.iccid ?? '');
  const [error, setError] = useState<string | null>(refusalText(refusal, t, 'iccid'));
  const [editing, setEditing] = useState(!activation || !!refusal);
  if (activation && !editing) {
    return (
      <section className="activation-section" aria-labelledby="chip-title">
        <h2 id="chip-title">{t('activation.chip.title')}</h2>
        <p role="status" data-testid="chip-ok">
          {t('activation.chip.ok', { last4: activation.chip.last4, kind: t(`activation.chip.kind.${activation.chip.kind}`) })}
        </p>
        {activation.state === 'started' && (
          <button type="button" className="button button-ghost" onClick={() => setEditing(true)}>
            {t('activation.chip.change')}
          </button>
        )}
      </section>
    );
  }
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    const body = await whileBusy(
      () =>
        request<'POST /restpp/subscriber/active/iccid'>({
          url: '/restpp/subscriber/active/iccid',
          method: 'POST',
          contentType: 'json',
          data: { iccid, journey },
          failurePopup: 'false',
        }),
      t('activation.loading'),
    );
    if (body?.success) {
      setEditing(false);
      onChange(body.activation);
      track(activationEvents.step(market.site, journey, 'chip'));
      return;
    }
    setError(refusalOf(body, 'iccid') ?? t('pp.error.generic'));
    track(activationEvents.failure(market.site, journey, 'chip', refusalKey(body)));
  }
  return (
    <section className="activation-section" aria-labelledby="chip-title">
      <h2 id="chip-title">{t('activation.chip.title')}</h2>
      <form method="post" action={formAction} onSubmit={submit} noValidate>
        <input type="hidden" name={INTENT} value="chip" />
        <Field
          id="iccid"
          name="iccid"
          label={t('activation.chip.label')}
          hint={t('activation.chip.hint')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={32}
          value={iccid}
          // SPEC §5 simcode cleaning, up to the 20 characters of a SIM code (§9); the field takes a pasted code with its spaces
          onChange={(e) => setIccid(cleanInput('simcode', e.target.value, market).slice(0, market.simCodeLength))}
          required
        />
        <FormError text={error} />
        <button type="submit" className="button">
          {t('activation.chip.submit')}
        </button>
      </form>
    </section>
  );
}

type Question = { id: string; text: string; options: Array<{ id: string; text: string }> };

/** Step 2 and 2.1: the holder's data, then the identity bureau's questions for the document. */
export function HolderForm({ journey, activation, onChange }: { journey: ActivationJourney; activation: Activation; onChange: Setter }) {
  const t = useT();
  const market = useMarket();
  const formAction = useFormAction();
  const hydrated = useHydrated();
  const posted = useActionData() as Partial<IdentityRound> | undefined;
  const holderRefusal = useRefusalOf('holder');
  const answersRefusal = useRefusalOf('answers');
  const refusal = holderRefusal ?? answersRefusal;
  const typed = refusal?.fields[INTENT] === 'holder' ? refusal.fields : undefined;
  const [form, setForm] = useState({
    document: typed?.document ?? activation.holder?.document ?? '',
    name: typed?.name ?? activation.holder?.name ?? '',
    email: typed?.email ?? activation.holder?.email ?? '',
    phoneNumber: typed?.phoneNumber ?? activation.holder?.phoneNumber ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>(Object.fromEntries(Object.entries(refusal?.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? ''])));
  const [error, setError] = useState<string | null>(refusal && !refusal.fieldErrors ? refusalText(refusal, t) : null);
  const [round, setRound] = useState<{ challengeId: string; questions: Question[] } | null>(posted?.round ?? null);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const base = useId();

  if (activation.identityPassed && !round) {
    return (
      <section className="activation-section" aria-labelledby="holder-title">
        <h2 id="holder-title">{t('activation.holder.title')}</h2>
        <p role="status" data-testid="identity-ok">
          {activation.holder?.name} · {activation.holder?.document} — {t('activation.identity.ok')}
        </p>
      </section>
    );
  }

  async function sendHolder(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setErrors({});
    const body = await whileBusy(
      () =>
        request<'POST /restpp/subscriber/active/holder'>({
          url: '/restpp/subscriber/active/holder',
          method: 'POST',
          contentType: 'json',
          data: form,
          failurePopup: 'false',
        }),
      t('activation.loading'),
    );
    if (body?.success) {
      onChange(body.activation);
      setRound({ challengeId: body.challengeId, questions: body.questions });
      setAnswers({});
      track(activationEvents.step(market.site, journey, 'chip'));
      return;
    }
    const fields = Object.fromEntries(Object.entries(body?.validationError ?? {}).map(([k, v]) => [k, v[0] ?? '']));
    setErrors(fields);
    if (!Object.keys(fields).length) setError(refusalOf(body) ?? t('pp.error.generic'));
    track(activationEvents.failure(market.site, journey, 'chip', refusalKey(body)));
  }

  async function sendAnswers(e: React.FormEvent) {
    e.preventDefault();
    if (!round) return;
    setError(null);
    const body = await whileBusy(
      () =>
        request<'POST /restpp/subscriber/active/holder/answers'>({
          url: '/restpp/subscriber/active/holder/answers',
          method: 'POST',
          contentType: 'json',
          data: { challengeId: round.challengeId, answers },
          failurePopup: 'false',
        }),
      t('activation.loading'),
    );
    if (body?.success && body.passed) {
      setRound(null);
      onChange(body.activation);
      track(activationEvents.step(market.site, journey, 'identity'));
      return;
    }
    setRound(null);
    setError(body?.success ? t('activation.error.identity.failed') : (refusalOf(body) ?? t('pp.error.generic')));
    track(activationEvents.failure(market.site, journey, 'identity', body?.success ? 'activation.error.identity.failed' : refusalKey(body)));
  }

  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });
  return (
    <section className="activation-section" aria-labelledby="holder-title">
      <h2 id="holder-title">{t('activation.holder.title')}</h2>
      {!round ? (
        <form method="post" action={formAction} onSubmit={sendHolder} noValidate>
          <input type="hidden" name={INTENT} value="holder" />
          <Field
            id="document"
            name="document"
            label={t('activation.holder.document')}
            value={form.document}
            onChange={set('document')}
            error={errors.document}
            autoComplete="off"
            required
          />
          <Field
            id="name"
            name="name"
            label={t('activation.holder.name')}
            value={form.name}
            onChange={set('name')}
            error={errors.name}
            autoComplete="name"
            required
          />
          <Field
            id="email"
            name="email"
            type="email"
            label={t('activation.holder.email')}
            value={form.email}
            onChange={set('email')}
            error={errors.email}
            autoComplete="email"
            required
          />
          <Field
            id="phoneNumber"
            name="phoneNumber"
            type="tel"
            label={t('activation.holder.phone')}
            value={form.phoneNumber}
            onChange={set('phoneNumber')}
            error={errors.phoneNumber}
            autoComplete="tel-national"
            maxLength={9}
            required
          />
          <FormError text={error} />
          <button type="submit" className="button">
            {t('activation.holder.submit')}
          </button>
        </form>
      ) : (
        <form method="post" action={formAction} onSubmit={sendAnswers} aria-labelledby={`${base}-identity`}>
          <input type="hidden" name={INTENT} value="answers" />
          <input type="hidden" name="challengeId" value={round.challengeId} />
          <h3 id={`${base}-identity`}>{t('activation.identity.title')}</h3>
          <p>{t('activation.identity.intro')}</p>
          {round.questions.map((q) => (
            <fieldset key={q.id}>
              <legend>{q.text}</legend>
              {q.options.map((o) => (
                <label key={o.id} className="radio">
                  <input
                    type="radio"
                    name={q.id}
                    value={o.id}
                    checked={answers[q.id] === o.id}
                    onChange={() => setAnswers({ ...answers, [q.id]: o.id })}
                    required
                  />{' '}
                  {o.text}
                </label>
              ))}
            </fieldset>
          ))}
          <FormError text={error} />
          {/* before JavaScript the radios' `required` keeps an incomplete round from being sent */}
          <button type="submit" className="button" disabled={hydrated && round.questions.some((q) => !answers[q.id])}>
            {t('activation.identity.submit')}
          </button>
        </form>
      )}
    </section>
  );
}

/** Step 3: the address (real geography, a street of the directory) and its feasibility. */
export function AddressForm({
  journey,
  activation,
  regions,
  onChange,
}: {
  journey: ActivationJourney;
  activation: Activation;
  regions: Area[];
  onChange: Setter;
}) {
  const t = useT();
  const market = useMarket();
  const hasProvince = market.geography.level2 !== null;
  const geo = useGeo(hasProvince);
  const [street, setStreet] = useState('');
  const [number, setNumber] = useState('');
  const [details, setDetails] = useState('');
  const [streets, setStreets] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const listId = useId();

  useEffect(() => {
    if (!geo.commune) return setStreets([]);
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const body = await request<'GET /restpp/subscriber/streets'>({
        url: `/restpp/subscriber/streets?commune=${encodeURIComponent(geo.commune)}&q=${encodeURIComponent(street)}`,
        failurePopup: 'false',
        signal: controller.signal,
      });
      if (body?.success) setStreets(body.streets);
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [geo.commune, street]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setErrors({});
    const body = await whileBusy(
      () =>
        request<'POST /restpp/subscriber/address'>({
          url: '/restpp/subscriber/address',
          method: 'POST',
          contentType: 'json',
          data: {
            region: geo.region,
            ...(hasProvince ? { province: geo.province } : {}),
            commune: geo.commune,
            street,
            number,
            ...(details ? { details } : {}),
          },
          failurePopup: 'false',
        }),
      t('activation.loading'),
    );
    if (body?.success) {
      onChange(body.activation);
      if (body.activation.covered) track(activationEvents.step(market.site, journey, 'address'));
      else track(activationEvents.failure(market.site, journey, 'address', 'activation.error.coverage'));
      return;
    }
    const fields = Object.fromEntries(Object.entries(body?.validationError ?? {}).map(([k, v]) => [k, v[0] ?? '']));
    setErrors(fields);
    if (!Object.keys(fields).length) setError(refusalOf(body) ?? t('pp.error.generic'));
    track(activationEvents.failure(market.site, journey, 'address', refusalKey(body)));
  }

  const saved = activation.address;
  return (
    <section className="activation-section" aria-labelledby="address-title">
      <h2 id="address-title">{t('activation.address.title')}</h2>
      <div role="status" data-testid="coverage">
        {saved && activation.covered === true && (
          <p className="notice-success">{t('activation.address.covered', { street: saved.street, number: saved.number, commune: saved.commune.name })}</p>
        )}
        {saved && activation.covered === false && <p className="form-error">{t('activation.error.coverage')}</p>}
      </div>
      <form onSubmit={submit} noValidate>
        <GeoSelect
          id="region"
          label={t('activation.address.region')}
          value={geo.region}
          options={regions}
          onChange={(v) => void geo.setRegion(v)}
          error={errors.region}
        />
        {hasProvince && (
          <GeoSelect
            id="province"
            label={t('activation.address.province')}
            value={geo.province}
            options={geo.provinces}
            onChange={(v) => void geo.setProvince(v)}
            error={errors.province}
          />
        )}
        <GeoSelect
          id="commune"
          label={t('activation.address.commune')}
          value={geo.commune}
          options={geo.communes}
          onChange={geo.setCommune}
          error={errors.commune}
        />
        <Field
          id="street"
          label={t('activation.address.street')}
          hint={t('activation.address.streetHint')}
          list={listId}
          value={street}
          onChange={(e) => setStreet(e.target.value)}
          error={errors.street}
          autoComplete="off"
          required
        />
        <datalist id={listId}>
          {streets.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <Field id="number" label={t('activation.address.number')} value={number} onChange={(e) => setNumber(e.target.value)} error={errors.number} required />
        <Field id="details" label={t('activation.address.details')} value={details} onChange={(e) => setDetails(e.target.value)} error={errors.details} />
        <FormError text={error} />
        <button type="submit" className="button">
          {t('activation.address.submit')}
        </button>
      </form>
    </section>
  );
}
