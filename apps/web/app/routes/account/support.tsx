import { useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { accountEvents } from '@andes/domain/analytics-account';
import { requestChannels, requestInput, requestTopics } from '@andes/domain/account-requests';
import { validate } from '@andes/domain/validation';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { whileBusy } from '../../lib/busy.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('account');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.support.title');

export async function loader(args: LoaderArgs) {
  return loadAccount(args);
}

/** ayuda-soporte: the customer sends a request; the confirmation replaces the form. */
export default function Support() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [values, setValues] = useState({ topic: '', description: '', contactChannel: 'email' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const set = (name: keyof typeof values) => (e: React.ChangeEvent<HTMLSelectElement | HTMLTextAreaElement | HTMLInputElement>) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checked = validate(requestInput, values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setFormError(null);
    const body = await whileBusy(() =>
      request<'POST /restpp/asset/:phoneNumber/requests'>({
        url: `/restpp/asset/${data.line.phoneNumber}/requests`,
        method: 'POST',
        contentType: 'json',
        data: values,
        failurePopup: 'false',
      }),
    );
    if (body?.success) {
      track(accountEvents.supportRequest(market.site, values.topic));
      setSent(body.request.number);
      return;
    }
    if (body?.validationError) setErrors(body.validationError);
    setFormError(body?.response?.systemMessage?.[0]?.messages[0] ?? t('pp.error.network'));
  }

  const err = (name: string) => errors[name]?.[0];
  const described = (name: string) => (err(name) ? `support-${name}-error` : undefined);
  const fieldError = (name: string) =>
    err(name) && (
      <p className="field-error" id={`support-${name}-error`} role="alert">
        * {t(err(name)!)}
      </p>
    );
  return (
    <AccountShell title={t('account.support.title')} base={data}>
      {sent ? (
        <div role="status" data-testid="support-sent">
          <p className="notice-success">{t('account.support.sent', { number: sent })}</p>
          <a className="button" href="/personas/mientel/solicitudes">
            {t('account.support.seeRequests')}
          </a>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="narrow">
          <p>{t('account.support.intro')}</p>
          <div className="field">
            <label htmlFor="support-topic">{t('account.support.topic')}</label>
            <select
              id="support-topic"
              value={values.topic}
              onChange={set('topic')}
              aria-invalid={err('topic') ? true : undefined}
              aria-describedby={described('topic')}
            >
              <option value="">—</option>
              {requestTopics.map((topic) => (
                <option key={topic} value={topic}>
                  {t(`account.support.topic.${topic}`)}
                </option>
              ))}
            </select>
            {fieldError('topic')}
          </div>
          <div className="field">
            <label htmlFor="support-description">{t('account.support.description')}</label>
            <p className="field-hint" id="support-description-hint">
              {t('account.tickets.descriptionHint')}
            </p>
            <textarea
              id="support-description"
              rows={5}
              maxLength={1000}
              value={values.description}
              onChange={set('description')}
              aria-invalid={err('description') ? true : undefined}
              aria-describedby={`support-description-hint${err('description') ? ' support-description-error' : ''}`}
            />
            {fieldError('description')}
          </div>
          <fieldset className="field" aria-describedby={described('contactChannel')}>
            <legend>{t('account.support.channel')}</legend>
            {requestChannels.map((c) => (
              <label key={c} className="radio">
                <input type="radio" name="contactChannel" value={c} checked={values.contactChannel === c} onChange={set('contactChannel')} />{' '}
                {t(`account.support.channel.${c}`)}
              </label>
            ))}
            {fieldError('contactChannel')}
          </fieldset>
          {formError && (
            <p className="form-error" role="alert">
              {formError}
            </p>
          )}
          <button type="submit" className="button">
            {t('account.support.submit')}
          </button>
        </form>
      )}
      <p>
        <a href="/personas/mientel/solicitudes">{t('account.nav.requests')}</a>
      </p>
    </AccountShell>
  );
}
