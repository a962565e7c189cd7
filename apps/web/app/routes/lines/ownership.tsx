import { useState } from 'react';
import type { MetaFunction } from 'react-router';
import { formatPhone } from '@andes/domain/documents';
import { migrationEvents, migrationInputs } from '@andes/domain/migration';
import { pageTitle, useMarket, useT } from '../../lib/root-data.ts';
import { useForm } from '../../lib/form.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { Field } from '../../ui/field.tsx';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('migration');

/** No data of its own: the loader carries the route's message groups (lib/message-groups.ts). */
export function loader() {
  return {};
}

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'ownership.title');

/**
 * Line ownership check: a document and a number in, "yours" or "not yours" out, nothing more, and only
 * to whoever has the line: a signed-in customer's own line answers at once; any other number first gets
 * a code by SMS, and the code brings the answer.
 */
export default function Ownership() {
  const t = useT();
  const market = useMarket();
  const [answer, setAnswer] = useState<{ holder: boolean; phone: string; document: string } | null>(null);
  const [pending, setPending] = useState<{ tokenId: string; phoneLast: string; phoneNumber: string; document: string } | null>(null);
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
  const codeForm = useForm({ schema: migrationInputs.ownershipCode(market).pick({ code: true }), market, fields: { code: { type: 'numeric', maxLength: 6 } } });

  function answered(holder: boolean, asked: { phoneNumber: string; document: string }) {
    track(migrationEvents.ownershipCheck(market.site, holder));
    setPending(null);
    setAnswer({ holder, phone: formatPhone(asked.phoneNumber, market.site), document: asked.document });
  }
  const failed = (body: Awaited<ReturnType<typeof request>>) => setError(body?.response?.systemMessage?.[0]?.messages[0] ?? t('pp.error.network'));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    form.touchAll();
    if (!form.canSubmit) return;
    setAnswer(null);
    setPending(null);
    setError(null);
    const asked = { ...form.values };
    const body = await request({ url: '/restpp/subscriber/line/ownership', method: 'POST', contentType: 'json', data: asked, failurePopup: 'false' });
    if (body?.success && typeof body.holder === 'boolean') answered(body.holder, asked);
    else if (body?.success && body.codeRequired) setPending({ tokenId: String(body.tokenId), phoneLast: String(body.phoneLast), ...asked });
    else if (body?.validationError) form.setServerErrors(body.validationError);
    else failed(body);
  }

  async function confirm(e: React.FormEvent) {
    e.preventDefault();
    codeForm.touchAll();
    if (!pending || !codeForm.canSubmit) return;
    setError(null);
    const body = await request({
      url: '/restpp/subscriber/line/ownership/code',
      method: 'POST',
      contentType: 'json',
      data: { tokenId: pending.tokenId, code: codeForm.values.code, document: pending.document },
      failurePopup: 'false',
    });
    if (body?.success && typeof body.holder === 'boolean') answered(body.holder, pending);
    else if (body?.validationError) codeForm.setServerErrors(body.validationError);
    else failed(body);
  }

  return (
    <section className="page" aria-labelledby="ownership-title">
      <h1 id="ownership-title">{t('ownership.title')}</h1>
      <p>{t('ownership.intro', { label })}</p>
      <form onSubmit={submit} noValidate>
        <Field {...form.register('document')} label={label} error={form.errorFor('document')} autoComplete="off" />
        <Field
          {...form.register('phoneNumber')}
          label={t('ownership.phone')}
          inputMode="numeric"
          autoComplete="tel-national"
          error={form.errorFor('phoneNumber')}
        />
        <button type="submit" className="button" disabled={!form.canSubmit}>
          {t('ownership.submit')}
        </button>
      </form>
      {pending && (
        <form onSubmit={confirm} noValidate aria-labelledby="ownership-code-sent">
          <p id="ownership-code-sent" role="status" data-testid="ownership-code-sent">
            {t('ownership.codeSent', { last: pending.phoneLast })}
          </p>
          <Field
            {...codeForm.register('code')}
            label={t('ownership.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            error={codeForm.errorFor('code')}
          />
          <button type="submit" className="button" disabled={!codeForm.canSubmit}>
            {t('ownership.confirm')}
          </button>
        </form>
      )}
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
