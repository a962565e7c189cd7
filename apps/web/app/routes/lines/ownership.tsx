import { useState } from 'react';
import type { MetaFunction } from 'react-router';
import { formatPhone } from '@andes/domain/documents';
import { migrationEvents, migrationInputs } from '@andes/domain/migration';
import { pageTitle, useMarket, useT } from '../../lib/root-data.ts';
import { useForm } from '../../lib/form.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { Field } from '../../ui/field.tsx';

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'ownership.title');

/** Line ownership check: a document and a number in, "yours" or "not yours" out, nothing more. */
export default function Ownership() {
  const t = useT();
  const market = useMarket();
  const [answer, setAnswer] = useState<{ holder: boolean; phone: string; document: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const label = market.document.label;
  const form = useForm({
    schema: migrationInputs.ownership(market),
    market,
    fields: {
      document: { type: market.document.kind === 'rut' ? 'rut' : 'numeric', maxLength: market.document.length },
      phoneNumber: { type: 'numeric', maxLength: 9 },
    },
  });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    form.touchAll();
    if (!form.canSubmit) return;
    setAnswer(null);
    setError(null);
    const body = await request({ url: '/restpp/subscriber/line/ownership', method: 'POST', contentType: 'json', data: form.values, failurePopup: 'false' });
    if (body?.success) {
      const holder = body.holder === true;
      track(migrationEvents.ownershipCheck(market.site, holder));
      setAnswer({ holder, phone: formatPhone(form.values.phoneNumber, market.site), document: form.values.document });
    } else if (body?.validationError) form.setServerErrors(body.validationError);
    else setError(body?.response?.systemMessage?.[0]?.messages[0] ?? t('pp.error.network'));
  }

  return (
    <section className="page" aria-labelledby="ownership-title">
      <h1 id="ownership-title">{t('ownership.title')}</h1>
      <p>{t('ownership.intro', { label })}</p>
      <form onSubmit={submit} noValidate>
        <Field {...form.register('document')} label={label} error={form.errorFor('document')} autoComplete="off" />
        <Field {...form.register('phoneNumber')} label={t('ownership.phone')} inputMode="numeric" autoComplete="tel-national" error={form.errorFor('phoneNumber')} />
        <button type="submit" className="button" disabled={!form.canSubmit}>
          {t('ownership.submit')}
        </button>
      </form>
      <div aria-live="polite" data-testid="ownership-result">
        {answer && (
          <p className={answer.holder ? 'notice-success' : 'form-error'} role="status">
            {t(answer.holder ? 'ownership.yes' : 'ownership.no', { phone: answer.phone, label, document: answer.document })}
          </p>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
