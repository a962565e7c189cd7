import { useEffect, useState } from 'react';
import { leadEvents } from '@andes/domain/analytics-shop';
import { validate } from '@andes/domain/validation';
import { callbackRules, type CallbackSource } from '@andes/domain/callback';
import { formatDateInZone } from '@andes/domain/dates';
import type { Answer } from '@andes/contract/caller';
import { useMarket, useFeature, useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { Modal } from '../../ui/overlays.tsx';
import { ContactFields, HumanCheck, contactBody, emptyContact, firstErrors, useHumanToken, type Contact, type Errors } from './contact-fields.tsx';
import { clockInZone } from './paths.ts';
import { APPOINTMENT_PATH } from './appointment-path.ts';
import './callback.css';

type Info = Answer<'GET /restpp/clicktocall/v1/info'>;
type Outcome = Answer<'POST /restpp/clicktocall/v1/call'>['callback'];

interface Props {
  source: CallbackSource;
  /** What the customer is looking at (a plan or product id, an error key): for the agent. */
  context?: string;
  /** Names what the button is about for a screen reader (a plan's name), when several are on the page. */
  about?: string;
  /** Open the dialog at once (the page a checkout error's "Te llamamos" leads to). */
  initiallyOpen?: boolean;
}

/**
 * "Te llamamos" (SPEC §1, §4): a button that opens a dialog where the customer leaves a number (name
 * and document optional) and passes the reCAPTCHA; the answer is success, pending (when) or failure
 * (why, with the appointment as the alternative), reported to analytics as the spec's three values.
 */
export function CallbackButton({ source, context, about, initiallyOpen = false }: Props) {
  const t = useT();
  const [open, setOpen] = useState(initiallyOpen);
  if (!useFeature('clickToCall')) return null;
  return (
    <>
      <button
        type="button"
        className="button button-ghost callback-button"
        aria-haspopup="dialog"
        aria-label={about ? `${t('shell.callback.label')} (${about})` : t('shell.callback.label')}
        onClick={() => setOpen(true)}
      >
        {t('shell.callback.button')}
      </button>
      {open && <CallbackDialog source={source} context={context} onClose={() => setOpen(false)} />}
    </>
  );
}

function CallbackDialog({ source, context, onClose }: Props & { onClose: () => void }) {
  const t = useT();
  const market = useMarket();
  const [info, setInfo] = useState<Info | null>(null);
  const [infoFailed, setInfoFailed] = useState(false);
  const [contact, setContact] = useState<Contact>(emptyContact);
  const human = useHumanToken();
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setInfoFailed(false);
    void request<'GET /restpp/clicktocall/v1/info'>({ url: '/restpp/clicktocall/v1/info', failurePopup: 'false', failureContext: 'click_to_call' }).then(
      (body) => {
        if (!live) return;
        if (body?.success && body.recaptcha) setInfo(body as Info);
        else setInfoFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  async function send(e: React.FormEvent) {
    e.preventDefault();
    setSending(true);
    const body = { ...contactBody(contact), source, ...(context ? { context: context.slice(0, 80) } : {}), recaptchaToken: await human.settled() };
    const checked = validate(callbackRules(market), body);
    if (!checked.ok) {
      setSending(false);
      return setErrors(firstErrors(checked.errors));
    }
    setErrors({});
    setFailure(null);
    const answer = await request<'POST /restpp/clicktocall/v1/call'>({
      url: '/restpp/clicktocall/v1/call',
      method: 'POST',
      contentType: 'json',
      data: body,
      failurePopup: 'false',
      failureContext: 'click_to_call',
    });
    setSending(false);
    if (answer?.success && answer.callback) {
      setOutcome(answer.callback);
      track(leadEvents.clickToCall(market.site, { outcome: answer.callback.outcome, source, reason: answer.callback.reason }));
      return;
    }
    if (answer?.validationError) setErrors(firstErrors(answer.validationError));
    // a used reCAPTCHA token is not taken twice: the customer checks the box again
    human.setToken('');
    setFailure(answer?.response?.systemMessage?.[0]?.messages?.[0] ?? t('callback.error.generic'));
  }

  return (
    <Modal title={t('callback.dialog.title')} onClose={onClose}>
      <div className="callback-dialog">
        {outcome ? (
          <div className={`callback-outcome callback-outcome-${outcome.outcome}`} role="status" data-outcome={outcome.outcome}>
            <h3>{t(`callback.outcome.${outcome.outcome}.title`)}</h3>
            <p>{outcome.message}</p>
            {outcome.alternative === 'appointment' && (
              <p>
                <a className="button" href={APPOINTMENT_PATH}>
                  {t('callback.schedule')}
                </a>
              </p>
            )}
            <button type="button" className="button button-ghost" autoFocus onClick={onClose}>
              {t('callback.close')}
            </button>
          </div>
        ) : !info ? (
          infoFailed ? (
            <div role="alert">
              <p>{t('callback.error.generic')}</p>
              <button type="button" className="button" onClick={() => setAttempt((a) => a + 1)}>
                {t('callback.appointment.retry')}
              </button>{' '}
              <button type="button" className="button button-ghost" onClick={onClose}>
                {t('callback.close')}
              </button>
            </div>
          ) : (
            <p role="status">{t('shell.loading')}</p>
          )
        ) : (
          <form method="post" noValidate onSubmit={send} aria-busy={sending}>
            <p>{t('callback.dialog.intro')}</p>
            {!info.open && info.opensAt && (
              <p className="callback-closed">
                {t('callback.dialog.closed', {
                  date: formatDateInZone(new Date(info.opensAt), market.timeZone, 'long'),
                  time: clockInZone(info.opensAt, market.timeZone),
                })}
              </p>
            )}
            <p className="field-hint">{t('callback.hours.label', { hours: info.hours })}</p>
            <ContactFields idPrefix="callback" value={contact} onChange={setContact} errors={errors} />
            <HumanCheck idPrefix="callback" provider={info.recaptcha.provider} human={human} error={errors.recaptchaToken} />
            {failure && (
              <p className="field-error" role="alert">
                {failure}
              </p>
            )}
            <div className="callback-actions">
              <button type="submit" className="button" disabled={sending}>
                {sending ? t('callback.sending') : t('callback.submit')}
              </button>
              <button type="button" className="button button-ghost" onClick={onClose}>
                {t('callback.cancel')}
              </button>
            </div>
            <p className="callback-schedule">
              {t('callback.schedule.intro')} <a href={APPOINTMENT_PATH}>{t('callback.schedule')}</a>
            </p>
          </form>
        )}
      </div>
    </Modal>
  );
}
