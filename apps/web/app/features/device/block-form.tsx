import { useState } from 'react';
import { deviceEvents } from '@andes/domain/analytics-account';
import { cleanInput } from '@andes/domain/clean';
import { track } from '../../lib/analytics.ts';
import { useMarket, useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { whileBusy } from '../../lib/busy.ts';
import { Field } from '../../ui/field.tsx';
import { INTENT, handledHere, useFormAction, useFormRefusal } from '../../lib/form-action.ts';
import { refusalOf, type BlockOptions, type LineBlock } from './api.ts';
import { IMEI_FIELDS } from './block-fields.ts';
import './device.css';

const OTHER = IMEI_FIELDS.other;

/**
 * Blocking after a theft or a loss: what happened, what to block (each type says what it does; a
 * theft blocks both), which phone, and Chile's police report number for a theft. The signed-in
 * session is enough: no step-up stands between a stolen phone and its block.
 */
export function BlockForm({ phone, options, onBlocked }: { phone: string; options: BlockOptions; onBlocked: (block: LineBlock) => void }) {
  const t = useT();
  const market = useMarket();
  const formAction = useFormAction();
  // a block refused without JavaScript: the page again, as the customer left it, with the server's message
  const formRefusal = useFormRefusal();
  const posted = formRefusal?.fields ?? {};
  const [reason, setReason] = useState(posted.reason ?? '');
  const [picked, setPicked] = useState<LineBlock['blockType']>((posted.blockType as LineBlock['blockType'] | undefined) ?? 'all');
  const [imei, setImei] = useState(posted[IMEI_FIELDS.choice] ?? options.phones[0]?.imei ?? OTHER);
  const [typedImei, setTypedImei] = useState(posted[IMEI_FIELDS.typed] ?? '');
  const [policeReport, setPoliceReport] = useState(posted.policeReport ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(formRefusal ? (formRefusal.error.message ?? t(formRefusal.error.key)) : null);
  const [busy, setBusy] = useState(false);
  const chosen = options.reasons.find((r) => r.reason === reason);
  const blockType = chosen?.forcedType ?? picked;

  async function submit() {
    if (!chosen) return setErrors({ reason: ['device.error.reason'] });
    const data: Record<string, string> = { reason, blockType };
    if (blockType !== 'sim') data.imei = imei === OTHER ? typedImei : imei;
    if (chosen.needsPoliceReport) data.policeReport = policeReport;
    setBusy(true);
    const body = await whileBusy(() =>
      request({
        url: `/REST/asset/${phone}/equipment/block`,
        method: 'POST',
        contentType: 'json',
        data,
        failurePopup: 'false',
        failureContext: 'device_block',
      }),
    );
    setBusy(false);
    if (body?.success) {
      const { block } = body as unknown as { block: LineBlock };
      track(deviceEvents.step(market.site, 'block', 'blocked', { reason, block_type: block.blockType }));
      setErrors({});
      setFormError(null);
      onBlocked(block);
      return;
    }
    const refusal = refusalOf(body, t('pp.error.network'));
    setErrors(refusal.fields);
    setFormError(refusal.message);
  }

  const err = (name: string) => errors[name]?.[0];
  return (
    <form method="post" action={formAction} onSubmit={handledHere(submit)} noValidate className="card narrow" aria-labelledby="block-form-title">
      <h2 id="block-form-title">{t('device.nav.block')}</h2>
      <input type="hidden" name={INTENT} value="block" />
      <input type="hidden" name="line" value={phone} />
      <fieldset className="device-fieldset" aria-describedby={err('reason') ? 'block-reason-error' : undefined}>
        <legend>{t('device.block.reason')}</legend>
        {options.reasons.map((r) => (
          <label key={r.reason} className="choice">
            <input type="radio" name="reason" value={r.reason} checked={reason === r.reason} onChange={() => setReason(r.reason)} />
            {t(`device.block.reason.${r.reason}`)}
          </label>
        ))}
        {err('reason') && (
          <p className="field-error" id="block-reason-error" role="alert">
            * {t(err('reason')!)}
          </p>
        )}
      </fieldset>
      {chosen?.forcedType ? (
        <p role="status">{t('device.block.forced')}</p>
      ) : (
        <fieldset className="device-fieldset">
          <legend>{t('device.block.type')}</legend>
          {options.blockTypes.map((type) => (
            <label key={type} className="choice">
              <input
                type="radio"
                name="blockType"
                value={type}
                checked={picked === type}
                onChange={() => setPicked(type)}
                aria-describedby={`block-type-${type}-help`}
              />
              <span>
                {t(`device.block.type.${type}`)}
                <span className="choice-help" id={`block-type-${type}-help`}>
                  {t(`device.block.type.${type}.help`)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {blockType !== 'sim' && (
        <div className="field">
          <label htmlFor="block-imei">{t('device.block.imei')}</label>
          <select id="block-imei" name={IMEI_FIELDS.choice} value={imei} onChange={(e) => setImei(e.target.value)}>
            {options.phones.map((p) => (
              <option key={p.imei} value={p.imei}>
                {p.brand} {p.model} · {t('account.equipment.imei', { imei: p.imei })}
              </option>
            ))}
            <option value={OTHER}>{t('device.block.imei.other')}</option>
          </select>
        </div>
      )}
      {blockType !== 'sim' && imei === OTHER && (
        <Field
          id="block-imei-typed"
          name={IMEI_FIELDS.typed}
          label={t('device.block.imei.typed')}
          inputMode="numeric"
          maxLength={15}
          value={typedImei}
          onChange={(e) => setTypedImei(cleanInput('numeric', e.target.value, market).slice(0, 15))}
          error={err('imei')}
        />
      )}
      {chosen?.needsPoliceReport && (
        <Field
          id="block-police-report"
          name="policeReport"
          label={t('device.block.policeReport')}
          hint={t('device.block.policeReport.help')}
          value={policeReport}
          onChange={(e) => setPoliceReport(e.target.value.slice(0, 30))}
          error={err('policeReport')}
        />
      )}
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
        {t('device.block.submit')}
      </button>
    </form>
  );
}
