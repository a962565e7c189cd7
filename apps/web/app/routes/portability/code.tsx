import { useEffect, useRef, useState } from 'react';
import { redirect, useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { constants } from '@andes/domain/market';
import { portabilityRuleSets, PORTABILITY_PAGES } from '@andes/domain/portability';
import { portabilityEvents } from '@andes/domain/portability-analytics';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { useForm } from '../../lib/form.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { Field } from '../../ui/field.tsx';
import { JourneyStepBar } from '../../features/portability/steps.tsx';
import { REQUIREMENTS_URL } from '../../features/portability/journey.ts';
import '../../features/cart/cart.css';
import '../../features/portability/portability.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('plans', 'portability');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'portability.code.title');

const MAX_WAIT_S = constants.portabilityCodeValidationMaxMs / 1000;

export async function loader({ context }: LoaderArgs) {
  const [res, requirements] = await Promise.all([
    context.api<'GET /restpp/subscriber/portability/originalInfo'>('/restpp/subscriber/portability/originalInfo'),
    context.api<'GET /restpp/subscriber/active/requirements'>(REQUIREMENTS_URL),
  ]);
  if (!res.body.success) throw redirect(PORTABILITY_PAGES.company);
  if (res.body.request.state !== 'code_sent') throw redirect(res.body.next);
  return { request: res.body.request, requirements: requirements.body.success ? requirements.body : null };
}

/** Seconds since `start`, ticking while it is set. */
function useElapsed(start: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (start === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [start]);
  return start === null ? 0 : Math.max(0, Math.floor((now - start) / 1000));
}

export default function SecurityCode() {
  const { request: portability, requirements } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const navigate = useNavigate();
  const form = useForm({ schema: portabilityRuleSets.securityCode(), market, fields: { code: { type: 'numeric', maxLength: 6 } } });
  const [waitingSince, setWaitingSince] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const [timedOut, setTimedOut] = useState(false);
  const elapsed = useElapsed(waitingSince);
  const waitRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (waitingSince !== null) waitRef.current?.focus();
  }, [waitingSince]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    form.touchAll();
    if (!form.canSubmit) return;
    setTimedOut(false);
    setWaitingSince(Date.now());
    // the registry may take up to SPEC §9's 150000 ms; past that the wait ends and the status page follows it
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), constants.portabilityCodeValidationMaxMs);
    const body = await request<'PUT /restpp/subscriber/portability/securityCode'>({
      url: '/restpp/subscriber/portability/securityCode',
      method: 'PUT',
      contentType: 'json',
      data: form.values,
      signal: controller.signal,
    });
    window.clearTimeout(timer);
    setWaitingSince(null);
    if (controller.signal.aborted) {
      setTimedOut(true);
      return;
    }
    if (body?.validationError) form.setServerErrors(body.validationError);
    if (!body?.success) {
      if (typeof body?.redirectRUL === 'string') navigate(body.redirectRUL);
      return;
    }
    const answer = body;
    track(portabilityEvents.step(market.site, 'code_valid', answer.request.company));
    navigate(answer.next);
  }

  async function resend() {
    setNotice('');
    const body = await request({ url: '/restpp/subscriber/portability/securityCode', method: 'POST' });
    if (!body?.success) return;
    track(portabilityEvents.step(market.site, 'code_resent', portability.company));
    setNotice(t('portability.code.resent'));
  }

  const waiting = waitingSince !== null;
  return (
    <section className="page narrow">
      <JourneyStepBar requirements={requirements} current="data" />
      <h1>{t('portability.code.title')}</h1>
      <p>{t('portability.code.sent', { last: portability.phoneLast })}</p>
      <p role="status" aria-live="polite">
        {notice}
      </p>
      <form onSubmit={submit} noValidate aria-busy={waiting}>
        <Field
          {...form.register('code')}
          label={t('portability.code.field')}
          inputMode="numeric"
          autoComplete="one-time-code"
          error={form.errorFor('code')}
          disabled={waiting}
        />
        <button type="submit" className="button button-wide" disabled={!form.canSubmit || waiting}>
          {t('portability.code.submit')}
        </button>
      </form>
      {waiting && (
        <div className="wait-box" role="status" aria-live="polite" tabIndex={-1} ref={waitRef}>
          <p>{t('portability.code.waiting', { seconds: MAX_WAIT_S })}</p>
          <progress max={MAX_WAIT_S} value={Math.min(elapsed, MAX_WAIT_S)} aria-label={t('portability.code.elapsed', { seconds: elapsed })} />
        </div>
      )}
      {timedOut && (
        <p className="form-error" role="alert">
          {t('portability.code.timeout')} <a href={PORTABILITY_PAGES.status}>{t('portability.status.title')}</a>
        </p>
      )}
      <p className="form-links">
        <button type="button" className="link" onClick={resend} disabled={waiting}>
          {t('portability.code.resend')}
        </button>{' '}
        <a href={PORTABILITY_PAGES.company}>{t('portability.code.change')}</a>
      </p>
    </section>
  );
}
