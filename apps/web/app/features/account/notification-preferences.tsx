import { useState } from 'react';
import { needsAChannel, notificationChannels, notificationKinds, preferencesInput, type Preferences } from '@andes/domain/account-preferences';
import { validate } from '@andes/domain/validation';
import { useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';

/** Channels per kind of notice, saved all at once; a required notice must keep one channel. */
export function NotificationPreferences({ initial }: { initial: Preferences }) {
  const t = useT();
  const [prefs, setPrefs] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const toggle = (kind: (typeof notificationKinds)[number], channel: (typeof notificationChannels)[number]) =>
    setPrefs((p) => ({ ...p, [kind]: { ...p[kind], [channel]: !p[kind][channel] } }));

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setResult(null);
    const checked = validate(preferencesInput, prefs);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const body = await request({ url: '/restpp/asset/notifications/preferences', method: 'PUT', contentType: 'json', data: prefs, failurePopup: 'false' });
    if (body?.success) setResult({ ok: true, text: t('account.preferences.saved') });
    else {
      if (body?.validationError) setErrors(body.validationError);
      setResult({ ok: false, text: body?.response?.systemMessage?.[0]?.messages[0] ?? t('pp.error.network') });
    }
  }

  return (
    <form onSubmit={save} noValidate aria-labelledby="preferences-title" data-testid="preferences">
      <h2 id="preferences-title">{t('account.preferences.title')}</h2>
      <p>{t('account.preferences.intro')}</p>
      {notificationKinds.map((kind) => {
        const error = errors[kind]?.[0];
        return (
          <fieldset key={kind} className="field" aria-describedby={error ? `pref-${kind}-error` : needsAChannel(kind) ? `pref-${kind}-hint` : undefined}>
            <legend>{t(`account.preferences.kind.${kind}`)}</legend>
            {needsAChannel(kind) && (
              <p className="field-hint" id={`pref-${kind}-hint`}>
                {t('account.preferences.required')}
              </p>
            )}
            {notificationChannels.map((channel) => (
              <label key={channel} className="checkbox">
                <input type="checkbox" checked={prefs[kind][channel]} onChange={() => toggle(kind, channel)} /> {t(`account.preferences.channel.${channel}`)}
              </label>
            ))}
            {error && (
              <p className="field-error" id={`pref-${kind}-error`} role="alert">
                * {t(error)}
              </p>
            )}
          </fieldset>
        );
      })}
      <div aria-live="polite" data-testid="preferences-result">
        {result && <p className={result.ok ? 'notice-success' : 'form-error'}>{result.text}</p>}
      </div>
      <button type="submit" className="button">
        {t('account.preferences.save')}
      </button>
    </form>
  );
}
