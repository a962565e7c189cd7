import { useMemo, useState } from 'react';
import { claimEvents } from '@andes/domain/analytics-account';
import { BOOK_ANSWER_DAYS, CLAIMS_TIME_ZONE, claimFormRules, typedAmount } from '@andes/domain/claims';
import { formatDateInZone } from '@andes/domain/dates';
import { useMarket, useT } from '../../lib/root-data.ts';
import { useForm } from '../../lib/form.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { whileBusy } from '../../lib/busy.ts';
import { Field } from '../../ui/field.tsx';
import { ChoiceGroup, SelectField, TextArea, type Option } from './claim-fields.tsx';
import { ClaimFiled, type FiledClaim } from './claim-filed.tsx';
import './claims.css';
import type { Answer } from '@andes/contract/caller';

export type Area = Answer<'GET /restpp/order/geo/regions'>['regions'][number];

export type ProviderInfo = Answer<'GET /restpp/peru/claims/book'>['provider'];

const FIELDS = {
  name: { maxLength: 120 },
  documentType: {},
  documentNumber: { type: 'documentNumber', maxLength: 12 },
  department: {},
  province: {},
  district: {},
  address: { maxLength: 200 },
  phone: { type: 'numeric', maxLength: 9 },
  email: { maxLength: 120 },
  minor: {},
  guardianName: { maxLength: 120 },
  guardianDocumentNumber: { type: 'documentNumber', maxLength: 12 },
  itemType: {},
  itemDescription: { maxLength: 200 },
  amount: { maxLength: 12 },
  kind: {},
  detail: { maxLength: 2000 },
  request: { maxLength: 1000 },
  termsAccepted: {},
} as const;

async function childAreas(parent: string): Promise<Area[]> {
  if (!parent) return [];
  const body = await request({ url: `/restpp/order/geo/areas?parent=${encodeURIComponent(parent)}` });
  return (body?.areas as Area[] | undefined) ?? [];
}

/**
 * The claims book's sheet (DOMAIN.md "Claims in Peru"): the provider, the consumer, the item, the
 * claim; filed through the API, then its code, due date, the PDF (once) and the status check.
 */
export function ClaimSheetForm({ departments, provider, embedded }: { departments: Area[]; provider: ProviderInfo; embedded: boolean }) {
  const t = useT();
  const market = useMarket();
  const schema = useMemo(() => claimFormRules(), []);
  const form = useForm({ schema, market, fields: FIELDS, initial: { documentType: 'dni', itemType: 'service', kind: 'reclamo' } });
  const [provinces, setProvinces] = useState<Area[]>([]);
  const [districts, setDistricts] = useState<Area[]>([]);
  const [filed, setFiled] = useState<FiledClaim | null>(null);
  const v = form.values;

  async function pickDepartment(code: string) {
    form.setValue('department', code);
    form.setValue('province', '');
    form.setValue('district', '');
    setDistricts([]);
    setProvinces(await childAreas(code));
  }
  async function pickProvince(code: string) {
    form.setValue('province', code);
    form.setValue('district', '');
    setDistricts(await childAreas(code));
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    form.touchAll();
    if (!form.canSubmit) return;
    const body = await whileBusy(() =>
      request({
        url: '/restpp/peru/claims/book',
        method: 'POST',
        contentType: 'json',
        failureContext: 'claim_filed',
        data: { ...v, amount: typedAmount(v.amount), minor: v.minor === 'true', termsAccepted: v.termsAccepted === 'true' },
      }),
    );
    if (body?.validationError) form.setServerErrors(body.validationError);
    if (!body?.success) return;
    const claim = body.claim as FiledClaim;
    track(claimEvents.filed(market.site, { channel: 'book', kind: claim.kind, embedded }));
    setFiled(claim);
  }

  if (filed) return <ClaimFiled claim={filed} />;

  const options = (prefix: string, values: readonly string[]): Option[] => values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  const select = (name: 'department' | 'province' | 'district', areas: Area[], onPick: (code: string) => void) => (
    <SelectField
      id={`field-${name}`}
      label={t(`claims.field.${name}`)}
      value={v[name]}
      onChange={onPick}
      error={form.errorFor(name)}
      placeholder={t('claims.field.choose')}
      options={areas.map((a) => ({ value: a.code, label: a.name }))}
    />
  );
  const radio = (name: 'documentType' | 'itemType' | 'kind', prefix: string, values: readonly string[]) => (
    <ChoiceGroup
      name={name}
      legend={t(`claims.field.${name}`)}
      value={v[name]}
      onChange={(value) => form.setValue(name, value)}
      options={options(prefix, values)}
      error={form.errorFor(name)}
    />
  );
  const check = (name: 'minor' | 'termsAccepted', label: string) => (
    <div className="field field-check">
      <input
        id={`field-${name}`}
        type="checkbox"
        checked={v[name] === 'true'}
        onChange={(e) => form.setValue(name, e.target.checked ? 'true' : '')}
        aria-invalid={form.errorFor(name) ? true : undefined}
        aria-describedby={form.errorFor(name) ? `field-${name}-error` : undefined}
      />
      <label htmlFor={`field-${name}`}>{label}</label>
      {form.errorFor(name) && (
        <p className="field-error" id={`field-${name}-error`} role="alert">
          * {t(form.errorFor(name)!)}
        </p>
      )}
    </div>
  );

  return (
    <form method="post" onSubmit={submit} noValidate className="claim-sheet" aria-describedby="claim-provider">
      <p id="claim-provider" className="claim-provider">
        {t('claims.book.provider', { ...provider })}
        <br />
        {/* the server's day may differ from the browser's only across midnight: the browser's is the one shown */}
        <span suppressHydrationWarning>{t('claims.book.sheetDate', { date: formatDateInZone(new Date(), CLAIMS_TIME_ZONE, 'long') })}</span>
      </p>
      <fieldset>
        <legend>{t('claims.section.consumer')}</legend>
        <Field {...form.register('name')} label={t('claims.field.name')} autoComplete="name" error={form.errorFor('name')} />
        {radio('documentType', 'claims.field.documentType', ['dni', 'ce'])}
        <Field {...form.register('documentNumber')} label={t('claims.field.documentNumber')} error={form.errorFor('documentNumber')} />
        {select('department', departments, pickDepartment)}
        {select('province', provinces, pickProvince)}
        {select('district', districts, (code) => form.setValue('district', code))}
        <Field {...form.register('address')} label={t('claims.field.address')} autoComplete="street-address" error={form.errorFor('address')} />
        <Field {...form.register('phone')} label={t('claims.field.phone')} inputMode="numeric" autoComplete="tel-national" error={form.errorFor('phone')} />
        <Field {...form.register('email')} type="email" label={t('claims.field.email')} autoComplete="email" error={form.errorFor('email')} />
        {check('minor', t('claims.field.minor'))}
        {v.minor === 'true' && (
          <>
            <Field {...form.register('guardianName')} label={t('claims.field.guardianName')} error={form.errorFor('guardianName')} />
            <Field
              {...form.register('guardianDocumentNumber')}
              label={t('claims.field.guardianDocumentNumber')}
              error={form.errorFor('guardianDocumentNumber')}
            />
          </>
        )}
      </fieldset>
      <fieldset>
        <legend>{t('claims.section.item')}</legend>
        {radio('itemType', 'claims.field.itemType', ['product', 'service'])}
        <Field {...form.register('itemDescription')} label={t('claims.field.itemDescription')} error={form.errorFor('itemDescription')} />
        <Field
          {...form.register('amount')}
          label={t('claims.field.amount')}
          hint={t('claims.field.amount.hint')}
          inputMode="decimal"
          error={form.errorFor('amount')}
        />
      </fieldset>
      <fieldset>
        <legend>{t('claims.section.detail')}</legend>
        {radio('kind', 'claims.field.kind', ['reclamo', 'queja'])}
        <TextArea
          {...form.register('detail')}
          label={t('claims.field.detail')}
          onChange={(e) => form.setValue('detail', e.target.value)}
          error={form.errorFor('detail')}
        />
        <TextArea
          {...form.register('request')}
          label={t('claims.field.request')}
          onChange={(e) => form.setValue('request', e.target.value)}
          error={form.errorFor('request')}
        />
      </fieldset>
      {check('termsAccepted', t('claims.field.terms'))}
      <p className="field-hint">{t('claims.book.intro', { days: BOOK_ANSWER_DAYS })}</p>
      <button type="submit" className="button button-wide" disabled={!form.hydrated}>
        {t('claims.submit')}
      </button>
    </form>
  );
}
