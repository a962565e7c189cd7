import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { events } from '@andes/domain/analytics';
import { creditErrorKey, creditRuleSets, type CreditOutcome, type CreditPurpose } from '@andes/domain/credit';
import { portabilityEvents } from '@andes/domain/portability-analytics';
import { fields } from '@andes/domain/validation';
import { useMarket, useT } from '../../lib/root-data.ts';
import { useForm } from '../../lib/form.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { Field } from '../../ui/field.tsx';

/**
 * The credit check form of financing and additional lines: approved calls `onApproved`; a refusal
 * goes to rejected-credit, an outage to generic-error (SPEC §2).
 */
export function CreditCheck({ purpose, onApproved, initialDocument = '' }: { purpose: CreditPurpose; onApproved: () => void; initialDocument?: string }) {
  const t = useT();
  const market = useMarket();
  const navigate = useNavigate();
  const form = useForm({
    schema: z.object({ document: fields.document(market) }),
    market,
    fields: { document: { type: market.document.kind === 'rut' ? 'rut' : 'numeric', maxLength: market.document.length } },
    initial: initialDocument ? { document: initialDocument } : undefined,
  });
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    form.touchAll();
    if (!form.canSubmit) return;
    setBusy(true);
    const body = await request({
      url: '/restpp/subscriber/active/customer',
      method: 'POST',
      contentType: 'json',
      data: creditRuleSets.check(market).parse({ ...form.values, purpose }),
    });
    setBusy(false);
    if (body?.validationError) form.setServerErrors(body.validationError);
    if (!body?.success) return;
    const outcome = body.outcome as CreditOutcome;
    track(portabilityEvents.credit(market.site, purpose, outcome));
    const key = creditErrorKey(outcome);
    if (key) track(events.failure(market.site, key, 'credit_check'));
    if (typeof body.next === 'string') navigate(body.next);
    else onApproved();
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <Field {...form.register('document')} label={t('credit.document', { document: market.document.label })} error={form.errorFor('document')} />
      <p role="status" aria-live="polite">
        {busy ? t('credit.checking') : ''}
      </p>
      <button type="submit" className="button button-wide" disabled={!form.canSubmit || busy}>
        {t('credit.submit')}
      </button>
    </form>
  );
}
