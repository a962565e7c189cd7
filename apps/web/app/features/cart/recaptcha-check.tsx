import { useId, useState } from 'react';
import { useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';

/**
 * The "No soy un robot" check (SPEC §7 `POST /restpp/order/verifyRecaptcha`): the provider's widget
 * gives a token, the shop verifies it and remembers the pass for this checkout. Only the sandbox
 * provider exists (docs/sandbox.md): its widget is this checkbox, the token comes from the sandbox.
 */
export function RecaptchaCheck({ provider, onVerified }: { provider: 'sandbox' | 'google'; onVerified: () => void }) {
  const t = useT();
  const hint = useId();
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function check(e: React.ChangeEvent<HTMLInputElement>) {
    if (!e.target.checked || state !== 'idle') return;
    setState('busy');
    setError(null);
    const issued = provider === 'sandbox' ? await request({ url: '/sandbox/recaptcha/token', failurePopup: 'false' }) : null;
    const token = typeof issued?.token === 'string' ? issued.token : '';
    const verified = await request({
      url: '/restpp/order/verifyRecaptcha',
      method: 'POST',
      contentType: 'json',
      data: { token },
      failurePopup: 'false',
      failureContext: 'recaptcha',
    });
    if (verified?.success) {
      setState('done');
      onVerified();
      return;
    }
    setState('idle');
    setError(verified?.response?.systemMessage?.[0]?.messages?.[0] ?? t('pp.error.recaptcha'));
  }

  return (
    <div className="recaptcha-check">
      <p id={hint}>{t('checkout.recaptcha.hint')}</p>
      <label>
        <input type="checkbox" checked={state !== 'idle'} disabled={state !== 'idle'} aria-describedby={hint} onChange={check} />{' '}
        {t('checkout.recaptcha.label')}
      </label>
      {state === 'done' && (
        <span className="visually-hidden" role="status">
          {t('checkout.recaptcha.done')}
        </span>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
