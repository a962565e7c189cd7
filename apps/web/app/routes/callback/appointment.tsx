import { useEffect, useRef, useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { leadEvents } from '@andes/domain/analytics-shop';
import { validate } from '@andes/domain/validation';
import { CALLBACK_SOURCES, appointmentRules, type CallbackSource } from '@andes/domain/callback';
import { formatPhone } from '@andes/domain/documents';
import type { Answer } from '@andes/contract/caller';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import {
  ContactFields,
  HumanCheck,
  contactBody,
  emptyContact,
  firstErrors,
  useHumanToken,
  type Contact,
  type Errors,
} from '../../features/callback/contact-fields.tsx';
import { SlotPicker } from '../../features/callback/slot-picker.tsx';
import { CallbackButton } from '../../features/callback/callback-button.tsx';
import '../../features/callback/callback.css';

export const handle = messageGroups('callback');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'callback.appointment.title');

type Appointment = Answer<'POST /restpp/clicktocall/v1/appointment'>['appointment'];

/**
 * The reCAPTCHA widget the form shows; `?llamar=<source>&contexto=<key>` (a checkout error's "Te
 * llamamos", SPEC §3 enableClicktoCall) opens the call dialog at once.
 */
export async function loader({ request, context }: LoaderArgs) {
  const info = await context.api<'GET /restpp/clicktocall/v1/info'>('/restpp/clicktocall/v1/info');
  if (!info.body.recaptcha) throw new Response('Unavailable', { status: 503 });
  const query = new URL(request.url).searchParams;
  const asked = query.get('llamar');
  const call =
    asked && (CALLBACK_SOURCES as readonly string[]).includes(asked)
      ? { source: asked as CallbackSource, context: (query.get('contexto') ?? '').slice(0, 80) }
      : null;
  return { provider: info.body.recaptcha.provider, hours: info.body.hours, call };
}

/** A lead appointment (SPEC §1): a day and a time from the contact centre's free slots, confirmed by SMS. */
export default function AppointmentPage() {
  const { provider, hours, call } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [slot, setSlot] = useState('');
  const [contact, setContact] = useState<Contact>(emptyContact);
  const human = useHumanToken();
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [refresh, setRefresh] = useState(0);
  const [booked, setBooked] = useState<Appointment | null>(null);
  const done = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (booked) done.current?.focus();
  }, [booked]);

  async function book(e: React.FormEvent) {
    e.preventDefault();
    setSending(true);
    const body = { ...contactBody(contact), slot, source: 'appointment' as const, recaptchaToken: await human.settled() };
    const checked = validate(appointmentRules(market), body);
    if (!checked.ok) {
      setSending(false);
      return setErrors(firstErrors(checked.errors));
    }
    setErrors({});
    setFailure(null);
    const answer = await request<'POST /restpp/clicktocall/v1/appointment'>({
      url: '/restpp/clicktocall/v1/appointment',
      method: 'POST',
      contentType: 'json',
      data: body,
      failurePopup: 'false',
      failureContext: 'lead_appointment',
    });
    setSending(false);
    if (answer?.success && answer.appointment) {
      track(leadEvents.appointment(market.site, 'booked'));
      return setBooked(answer.appointment);
    }
    if (answer?.validationError) setErrors(firstErrors(answer.validationError));
    if (answer?.validationError?.slot) {
      setSlot('');
      setRefresh((r) => r + 1);
    }
    human.setToken('');
    setFailure(answer?.response?.systemMessage?.[0]?.messages?.[0] ?? t('callback.error.generic'));
  }

  if (booked)
    return (
      <section className="page narrow" aria-labelledby="appointment-booked">
        <h1 id="appointment-booked" tabIndex={-1} ref={done}>
          {t('callback.appointment.booked.title')}
        </h1>
        <p role="status">{t('callback.appointment.booked', { phone: formatPhone(booked.phoneNumber, market.site), date: booked.date, time: booked.time })}</p>
      </section>
    );

  return (
    <section className="page narrow" aria-labelledby="appointment-title">
      <h1 id="appointment-title">{t('callback.appointment.title')}</h1>
      <p>{t('callback.appointment.intro')}</p>
      <p className="field-hint">{t('callback.hours.label', { hours })}</p>
      <p>
        <CallbackButton source={call?.source ?? 'appointment'} context={call?.context || undefined} initiallyOpen={call !== null} />
      </p>
      {/* post, never get: without JavaScript the phone number and document must not land in the address */}
      <form method="post" noValidate onSubmit={book} aria-busy={sending} className="callback-dialog">
        <SlotPicker idPrefix="appointment" slot={slot} onSlot={setSlot} refresh={refresh} error={errors.slot} />
        <ContactFields idPrefix="appointment" value={contact} onChange={setContact} errors={errors} />
        <HumanCheck idPrefix="appointment" provider={provider} human={human} error={errors.recaptchaToken} />
        {failure && (
          <p className="field-error" role="alert">
            {failure}
          </p>
        )}
        <div className="callback-actions">
          <button type="submit" className="button" disabled={sending}>
            {sending ? t('callback.sending') : t('callback.appointment.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
