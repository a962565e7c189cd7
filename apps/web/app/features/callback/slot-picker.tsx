import { useEffect, useState } from 'react';
import { formatCalendarDay } from '@andes/domain/dates';
import type { Answer } from '@andes/contract/caller';
import { useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';

type Slots = Answer<'GET /restpp/clicktocall/v1/appointment/slots'>;

const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/**
 * The day and time of a lead appointment: the coming days, and the contact centre's free slots of the
 * chosen one in the market's zone (asked again whenever the day changes, or `refresh` does: a slot
 * someone just took disappears). Radio groups: arrow keys move within, Tab leaves.
 */
export function SlotPicker({
  idPrefix,
  slot,
  onSlot,
  refresh = 0,
  error,
}: {
  idPrefix: string;
  slot: string;
  onSlot: (s: string) => void;
  refresh?: number;
  error?: string;
}) {
  const t = useT();
  const [day, setDay] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Slots | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [retry, setRetry] = useState(0);

  useEffect(() => {
    let live = true;
    setState('loading');
    const url = `/restpp/clicktocall/v1/appointment/slots${day ? `?day=${day}` : ''}`;
    void request<'GET /restpp/clicktocall/v1/appointment/slots'>({ url, failurePopup: 'false', failureContext: 'lead_appointment' }).then((body) => {
      if (!live) return;
      if (body?.success && body.slots) {
        setAnswer(body as Slots);
        setState('ready');
      } else setState('failed');
    });
    return () => {
      live = false;
    };
  }, [day, refresh, retry]);

  const errorId = `${idPrefix}-slot-error`;
  return (
    <div className="slot-picker">
      {answer && (
        <fieldset className="slot-days">
          <legend>{t('callback.appointment.day')}</legend>
          {answer.days.map((d) => (
            <label key={d}>
              <input
                type="radio"
                name={`${idPrefix}-day`}
                value={d}
                checked={(day ?? answer.day) === d}
                onChange={() => {
                  setDay(d);
                  onSlot('');
                }}
              />
              <span>
                {t(`callback.weekday.${weekday(d)}`)} {formatCalendarDay(d, 'axis')}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {state === 'loading' && <p role="status">{t('callback.appointment.loadingSlots')}</p>}
      {state === 'failed' && (
        <div role="alert">
          <p>{t('callback.appointment.slotsError')}</p>
          <button type="button" className="button button-ghost" onClick={() => setRetry((r) => r + 1)}>
            {t('callback.appointment.retry')}
          </button>
        </div>
      )}
      {state === 'ready' && answer && (
        <fieldset className="slot-times" data-day={answer.day} aria-describedby={error ? errorId : undefined}>
          <legend>
            {t('callback.appointment.slot')} <span className="field-hint">{t('callback.appointment.zone', { zone: answer.timeZone })}</span>
          </legend>
          {answer.slots.length === 0 && <p>{t('callback.appointment.noSlots')}</p>}
          {answer.slots.map((s) => (
            <label key={s.start}>
              <input type="radio" name={`${idPrefix}-slot`} value={s.start} checked={slot === s.start} onChange={() => onSlot(s.start)} />
              <span>{s.time}</span>
            </label>
          ))}
        </fieldset>
      )}
      {error && (
        <p className="field-error" id={errorId} role="alert">
          * {t(error)}
        </p>
      )}
    </div>
  );
}
