import { useState } from 'react';
import { deviceEvents } from '@andes/domain/analytics-account';
import { SIM_DELIVERIES, type SimDelivery } from '@andes/domain/device';
import { track } from '../../lib/analytics.ts';
import { useMarket, useT } from '../../lib/root-data.ts';
import { cleanInput } from '@andes/domain/clean';
import { request } from '../../lib/request.ts';
import { whileBusy } from '../../lib/busy.ts';
import { Field } from '../../ui/field.tsx';
import { refusalOf } from './api.ts';
import './device.css';
import type { Answer as ContractAnswer } from '@andes/contract/caller';

export type Store = ContractAnswer<'GET /restpp/stores'>['stores'][number];

type Answer = ContractAnswer<'POST /REST/asset/:phoneNumber/sim/change'>;

/** How the new SIM reaches the customer (courier, a store, or an eSIM at once), with the passed step-up. */
export function SimChangeForm({ phone, stepUpId, stores, onDone }: { phone: string; stepUpId: string; stores: Store[]; onDone: (answer: Answer) => void }) {
  const t = useT();
  const market = useMarket();
  const [delivery, setDelivery] = useState<SimDelivery>('esim');
  const [address, setAddress] = useState('');
  const [storeId, setStoreId] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const data = { stepUpId, delivery, ...(delivery === 'delivery' ? { address } : {}), ...(delivery === 'pickup' ? { storeId } : {}) };
    setBusy(true);
    const body = await whileBusy(() =>
      request({
        url: `/REST/asset/${phone}/sim/change`,
        method: 'POST',
        contentType: 'json',
        data,
        failurePopup: 'false',
        failureContext: 'device_sim_change',
      }),
    );
    setBusy(false);
    if (body?.success) {
      const answer = body as unknown as Answer;
      track(deviceEvents.step(market.site, 'sim_change', 'requested', { delivery }));
      if (answer.simChange.status === 'active') track(deviceEvents.step(market.site, 'sim_change', 'activated', { delivery }));
      onDone(answer);
      return;
    }
    const refusal = refusalOf(body, t('pp.error.network'));
    setErrors(refusal.fields);
    setFormError(refusal.message);
  }

  const err = (name: string) => errors[name]?.[0];
  return (
    <form onSubmit={submit} noValidate className="card narrow">
      <p role="status">{t('device.stepUp.verified')}</p>
      <fieldset className="device-fieldset">
        <legend>{t('device.sim.delivery')}</legend>
        {SIM_DELIVERIES.map((d) => (
          <label key={d} className="choice">
            <input type="radio" name="delivery" value={d} checked={delivery === d} onChange={() => setDelivery(d)} />
            {t(`device.sim.delivery.${d}`)}
          </label>
        ))}
      </fieldset>
      {delivery === 'delivery' && (
        <Field
          id="sim-address"
          name="address"
          label={t('device.sim.address')}
          autoComplete="street-address"
          maxLength={160}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          error={err('address')}
        />
      )}
      {delivery === 'pickup' && (
        <div className="field">
          <label htmlFor="sim-store">{t('device.sim.store')}</label>
          <select
            id="sim-store"
            value={storeId}
            onChange={(e) => setStoreId(e.target.value)}
            aria-invalid={err('storeId') ? true : undefined}
            aria-describedby={err('storeId') ? 'sim-store-error' : undefined}
          >
            <option value="">—</option>
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} · {s.address}
              </option>
            ))}
          </select>
          {err('storeId') && (
            <p className="field-error" id="sim-store-error" role="alert">
              * {t(err('storeId')!)}
            </p>
          )}
        </div>
      )}
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
        {t('device.sim.request')}
      </button>
    </form>
  );
}

/** The card that reached the customer is activated by typing the 20 digits printed on it. */
export function SimActivateForm({ phone, onDone }: { phone: string; onDone: (answer: Answer) => void }) {
  const t = useT();
  const market = useMarket();
  const [iccid, setIccid] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    const body = await whileBusy(() =>
      request({
        url: `/REST/asset/${phone}/sim/activate`,
        method: 'POST',
        contentType: 'json',
        data: { iccid },
        failurePopup: 'false',
        failureContext: 'device_sim_activate',
      }),
    );
    setBusy(false);
    if (body?.success) {
      const answer = body as unknown as Answer;
      track(deviceEvents.step(market.site, 'sim_change', 'activated', { delivery: answer.simChange.delivery }));
      onDone(answer);
      return;
    }
    const refusal = refusalOf(body, t('pp.error.network'));
    setError(refusal.fields.iccid?.[0] ?? refusal.message);
  }

  return (
    <form onSubmit={submit} noValidate className="card narrow">
      <Field
        id="sim-iccid"
        name="iccid"
        label={t('device.sim.iccid')}
        inputMode="numeric"
        maxLength={32}
        value={iccid}
        // SPEC §5 simcode cleaning, up to the 20 characters of a SIM code (§9); a pasted code may carry spaces
        onChange={(e) => setIccid(cleanInput('simcode', e.target.value, market).slice(0, market.simCodeLength))}
        error={error}
      />
      <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
        {t('device.sim.activate')}
      </button>
    </form>
  );
}
