import { useState } from 'react';
import { data, useLoaderData, type MetaFunction } from 'react-router';
import { leadEvents } from '@andes/domain/analytics-shop';
import { formatPhone } from '@andes/domain/documents';
import type { Answer } from '@andes/contract/caller';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { Modal } from '../../ui/overlays.tsx';
import { SlotPicker } from '../../features/callback/slot-picker.tsx';
import { APPOINTMENT_PATH } from '../../features/callback/appointment-path.ts';
import '../../features/callback/callback.css';

export const handle = messageGroups('callback');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'callback.manage.title');

type Appointment = Answer<'GET /restpp/clicktocall/v1/appointment/:token'>['appointment'];

/** The appointment the SMS link names; any other token answers 404. */
export async function loader({ params, context }: LoaderArgs) {
  const token = params.token ?? '';
  const res = await context.api<'GET /restpp/clicktocall/v1/appointment/:token'>(`/restpp/clicktocall/v1/appointment/${encodeURIComponent(token)}`);
  if (!res.body.appointment) throw data('Not found', { status: 404 });
  return { token, appointment: res.body.appointment };
}

/** The SMS link's page: the appointment, moved to another free slot or cancelled. */
export default function ManageAppointment() {
  const loaded = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [appointment, setAppointment] = useState<Appointment>(loaded.appointment);
  const [moving, setMoving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [slot, setSlot] = useState('');
  const [slotError, setSlotError] = useState<string | undefined>();
  const [refresh, setRefresh] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const url = `/restpp/clicktocall/v1/appointment/${encodeURIComponent(loaded.token)}`;
  const phone = formatPhone(appointment.phoneNumber, market.site);

  async function move(e: React.FormEvent) {
    e.preventDefault();
    if (!slot) return setSlotError('callback.validation.slot');
    setBusy(true);
    setFailure(null);
    const answer = await request<'PUT /restpp/clicktocall/v1/appointment/:token'>({
      url,
      method: 'PUT',
      contentType: 'json',
      data: { slot },
      failurePopup: 'false',
      failureContext: 'lead_appointment',
    });
    setBusy(false);
    if (answer?.success && answer.appointment) {
      track(leadEvents.appointment(market.site, 'moved'));
      setAppointment(answer.appointment);
      setMoving(false);
      setSlot('');
      return setNotice(t('callback.manage.moved', { date: answer.appointment.date, time: answer.appointment.time }));
    }
    setSlotError(answer?.validationError?.slot?.[0]);
    if (answer?.validationError?.slot) setRefresh((r) => r + 1);
    setFailure(answer?.response?.systemMessage?.[0]?.messages?.[0] ?? t('callback.error.generic'));
  }

  async function cancel() {
    setBusy(true);
    setFailure(null);
    const answer = await request<'DELETE /restpp/clicktocall/v1/appointment/:token'>({
      url,
      method: 'DELETE',
      failurePopup: 'false',
      failureContext: 'lead_appointment',
    });
    setBusy(false);
    setConfirming(false);
    if (answer?.success && answer.appointment) {
      track(leadEvents.appointment(market.site, 'cancelled'));
      setAppointment(answer.appointment);
      return setNotice(null);
    }
    setFailure(answer?.response?.systemMessage?.[0]?.messages?.[0] ?? t('callback.error.generic'));
  }

  const booked = appointment.status === 'booked';
  return (
    <section className="page narrow" aria-labelledby="manage-title">
      <h1 id="manage-title">{t('callback.manage.title')}</h1>
      <p role="status" data-status={appointment.status}>
        {notice ??
          (booked
            ? t('callback.manage.when', { phone, date: appointment.date, time: appointment.time })
            : t('callback.manage.cancelled', { date: appointment.date, time: appointment.time }))}
      </p>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      {booked && !moving && (
        <div className="callback-actions">
          <button type="button" className="button" onClick={() => setMoving(true)}>
            {t('callback.manage.move')}
          </button>
          <button type="button" className="button button-ghost" onClick={() => setConfirming(true)}>
            {t('callback.manage.cancel')}
          </button>
        </div>
      )}
      {booked && moving && (
        <form method="post" noValidate onSubmit={move} aria-busy={busy} className="callback-dialog">
          <SlotPicker
            idPrefix="move"
            slot={slot}
            onSlot={(s) => {
              setSlot(s);
              setSlotError(undefined);
            }}
            refresh={refresh}
            error={slotError}
          />
          <div className="callback-actions">
            <button type="submit" className="button" disabled={busy}>
              {t('callback.manage.moveSubmit')}
            </button>
            <button type="button" className="button button-ghost" onClick={() => setMoving(false)}>
              {t('callback.cancel')}
            </button>
          </div>
        </form>
      )}
      {!booked && (
        <p>
          <a className="button" href={APPOINTMENT_PATH}>
            {t('callback.manage.new')}
          </a>
        </p>
      )}
      {confirming && (
        <Modal title={t('callback.manage.cancel')} onClose={() => setConfirming(false)}>
          <p>{t('callback.manage.cancelConfirm', { date: appointment.date, time: appointment.time })}</p>
          <div className="callback-actions">
            <button type="button" className="button" disabled={busy} onClick={cancel}>
              {t('callback.manage.cancelYes')}
            </button>
            <button type="button" className="button button-ghost" autoFocus onClick={() => setConfirming(false)}>
              {t('callback.manage.keep')}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
