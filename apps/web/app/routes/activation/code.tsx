import { useEffect, useState } from 'react';
import { Link, redirect, useLoaderData, type MetaFunction } from 'react-router';
import { formatDateTimeInZone } from '@andes/domain/dates';
import { formatPhone } from '@andes/domain/documents';
import { ACTIVATION_PAGES, activationEvents } from '@andes/domain/sim-activation';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { whileBusy } from '../../lib/busy.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { Field } from '../../ui/field.tsx';
import { loadActivation, refusalKey, refusalOf, type Activation } from '../../features/activation/activation-data.ts';
import { ActivationSteps } from '../../features/activation/activation-steps.tsx';

export const handle = messageGroups('activation', 'portability');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'activation.code.title');

/** SPEC §2 `portar-plan/cod-seguridad`: the code texted to the number brought, then the registry's answer. */
export async function loader(args: LoaderArgs) {
  const activation = await loadActivation(args);
  if (!activation || activation.journey !== 'port') throw redirect(ACTIVATION_PAGES.port.start);
  if (activation.state !== 'started' || !activation.port || activation.missing === 'documents') throw redirect(activation.next);
  return { activation };
}

export default function ActivationCode() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [activation, setActivation] = useState<Activation>(data.activation);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => track(activationEvents.step(market.site, 'port', 'code')), [market.site]);
  const port = activation.port!;

  async function send() {
    setError(null);
    const body = await whileBusy(
      () =>
        request<'POST /restpp/subscriber/active/port/code'>({
          url: '/restpp/subscriber/active/port/code',
          method: 'POST',
          contentType: 'json',
          data: {},
          failurePopup: 'false',
        }),
      t('activation.loading'),
    );
    if (body?.success) setActivation(body.activation);
    else setError(refusalOf(body) ?? t('pp.error.generic'));
  }

  async function verify(e?: React.FormEvent) {
    e?.preventDefault();
    setError(null);
    const body = await whileBusy(
      () =>
        request<'PUT /restpp/subscriber/active/port/code'>({
          url: '/restpp/subscriber/active/port/code',
          method: 'PUT',
          contentType: 'json',
          data: port.state === 'code_sent' ? { code } : {},
          failurePopup: 'false',
        }),
      t('activation.loading'),
    );
    if (body?.success) {
      setActivation(body.activation);
      if (body.activation.port?.state === 'rejected')
        track(activationEvents.failure(market.site, 'port', 'code', `portability.reason.${body.activation.port.rejectReason ?? ''}`));
      return;
    }
    setError(refusalOf(body, 'code') ?? t('pp.error.generic'));
    track(activationEvents.failure(market.site, 'port', 'code', refusalKey(body)));
  }

  return (
    <>
      <header className="hero">
        <h1>{t('activation.port.title')}</h1>
      </header>
      <section className="page" aria-labelledby="code-title">
        <ActivationSteps journey="port" current="port" />
        <h2 id="code-title">{t('activation.code.title')}</h2>
        <p>{t('activation.code.intro', { phone: formatPhone(port.phoneNumber, market.site) })}</p>
        <div role="status" data-testid="port-state">
          {port.state === 'accepted' && port.scheduledFor && (
            <p className="notice-success">{t('activation.code.accepted', { date: formatDateTimeInZone(new Date(port.scheduledFor), market.timeZone) })}</p>
          )}
          {port.state === 'in_progress' && <p>{t('activation.code.inProgress')}</p>}
          {port.state === 'rejected' && (
            <p className="form-error">
              {t('activation.code.rejected')} {port.rejectReason ? t(`portability.reason.${port.rejectReason}`) : ''}
            </p>
          )}
        </div>
        <div aria-live="assertive">
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
        </div>
        {port.state === 'draft' && (
          <button type="button" className="button" onClick={() => void send()}>
            {t('activation.code.send')}
          </button>
        )}
        {port.state === 'code_sent' && (
          <form onSubmit={verify} noValidate>
            <Field
              id="code"
              label={t('activation.code.label')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              required
            />
            <div className="hero-actions">
              <button type="submit" className="button">
                {t('activation.code.submit')}
              </button>
              <button type="button" className="button button-ghost" onClick={() => void send()}>
                {t('activation.code.resend')}
              </button>
            </div>
          </form>
        )}
        {(port.state === 'in_progress' || port.state === 'code_verified') && (
          <button type="button" className="button" onClick={() => void verify()}>
            {t('activation.continue')}
          </button>
        )}
        {port.state === 'rejected' && (
          <Link className="button" to={ACTIVATION_PAGES.port.data}>
            {t('activation.port.company.change')}
          </Link>
        )}
        {port.state === 'accepted' && (
          <Link className="button" to={ACTIVATION_PAGES.port.plan} data-testid="activation-continue">
            {t('activation.continue')}
          </Link>
        )}
      </section>
    </>
  );
}
