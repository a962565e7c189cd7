import { useMemo, useState } from 'react';
import { claimEvents } from '@andes/domain/analytics-account';
import { TELECOM_SUBJECTS, telecomClaimRules } from '@andes/domain/claims';
import { formatPhone } from '@andes/domain/documents';
import { formatCalendarDay } from '@andes/domain/dates';
import { useMarket, useT } from '../../lib/root-data.ts';
import { useForm } from '../../lib/form.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { whileBusy } from '../../lib/busy.ts';
import { SelectField, TextArea } from './claim-fields.tsx';
import { ClaimStatusCheck } from './claim-status.tsx';
import type { CustomerClaim } from './claims-data.ts';

/** Files an OSIPTEL claim about one of the customer's lines, then checks it reached the claims system. */
export function TelecomClaimForm({ lines, onFiled }: { lines: string[]; onFiled: (claim: CustomerClaim) => void }) {
  const t = useT();
  const market = useMarket();
  const schema = useMemo(() => telecomClaimRules(), []);
  const form = useForm({ schema, market, fields: { subject: {}, detail: { maxLength: 2000 } } });
  const [line, setLine] = useState(lines[0] ?? '');
  const [filed, setFiled] = useState<CustomerClaim | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    form.touchAll();
    if (!form.canSubmit || !line) return;
    const body = await whileBusy(() =>
      request({
        url: `/restpp/peru/claims/lines/${line}`,
        method: 'POST',
        contentType: 'json',
        data: form.values,
        failureContext: 'claim_filed',
      }),
    );
    if (body?.validationError) form.setServerErrors(body.validationError);
    if (!body?.success) return;
    const claim = body.claim as CustomerClaim;
    track(claimEvents.filed(market.site, { channel: 'telecom', kind: claim.subject ?? claim.kind, embedded: false }));
    setFiled(claim);
    onFiled(claim);
  }

  if (lines.length === 0) return <p>{t('claims.telecom.noLines')}</p>;
  if (filed) {
    return (
      <div>
        <p role="status" className="notice-success" data-testid="telecom-filed">
          {t('claims.telecom.filed', {
            code: filed.code,
            resolveBy: formatCalendarDay(filed.resolveBy, 'long'),
            notifyBy: formatCalendarDay(filed.notifyBy ?? filed.resolveBy, 'long'),
          })}
        </p>
        <ClaimStatusCheck code={filed.code} />
      </div>
    );
  }
  return (
    <form method="post" onSubmit={submit} noValidate>
      <SelectField
        id="field-line"
        label={t('claims.telecom.line')}
        value={line}
        onChange={setLine}
        placeholder={t('claims.field.choose')}
        options={lines.map((l) => ({ value: l, label: formatPhone(l, market.site) }))}
      />
      <SelectField
        id="field-subject"
        label={t('claims.telecom.subject')}
        value={form.values.subject}
        onChange={(v) => form.setValue('subject', v)}
        placeholder={t('claims.field.choose')}
        error={form.errorFor('subject')}
        options={TELECOM_SUBJECTS.map((s) => ({ value: s, label: t(`claims.subject.${s}`) }))}
      />
      <TextArea
        {...form.register('detail')}
        label={t('claims.field.detail')}
        onChange={(e) => form.setValue('detail', e.target.value)}
        error={form.errorFor('detail')}
      />
      <button type="submit" className="button" disabled={!form.hydrated}>
        {t('claims.telecom.submit')}
      </button>
    </form>
  );
}
