import { useEffect, useRef, useState } from 'react';
import { useMarket, useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { Field } from '../../ui/field.tsx';

/** What the customer types: the number to call, and optionally a name and a document. */
export interface Contact {
  phoneNumber: string;
  name: string;
  document: string;
}

export const emptyContact: Contact = { phoneNumber: '', name: '', document: '' };

/** The first message of each field, as the form shows it. */
export type Errors = Record<string, string | undefined>;

export const firstErrors = (errors: Record<string, string[]> | undefined): Errors =>
  Object.fromEntries(Object.entries(errors ?? {}).map(([field, messages]) => [field, messages[0]]));

/** The contact fields of "Te llamamos" and of an appointment; `idPrefix` keeps ids unique on the page. */
export function ContactFields({ idPrefix, value, onChange, errors }: { idPrefix: string; value: Contact; onChange: (c: Contact) => void; errors: Errors }) {
  const t = useT();
  const market = useMarket();
  const set = (field: keyof Contact) => (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...value, [field]: e.target.value });
  return (
    <>
      <Field
        id={`${idPrefix}-phone`}
        name="phoneNumber"
        label={t('callback.field.phoneNumber')}
        hint={t('callback.field.phoneNumber.hint')}
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={9}
        required
        value={value.phoneNumber}
        onChange={(e) => onChange({ ...value, phoneNumber: e.target.value.replace(/\D/g, '') })}
        error={errors.phoneNumber}
      />
      <Field
        id={`${idPrefix}-name`}
        name="name"
        label={t('callback.field.name')}
        autoComplete="name"
        maxLength={80}
        value={value.name}
        onChange={set('name')}
        error={errors.name}
      />
      <Field
        id={`${idPrefix}-document`}
        name="document"
        label={t('callback.field.document')}
        inputMode={market.document.kind === 'dni' ? 'numeric' : 'text'}
        maxLength={12}
        value={value.document}
        onChange={set('document')}
        error={errors.document}
      />
    </>
  );
}

/**
 * The human check's token as a form sends it. A box ticked a moment ago may still be fetching its token:
 * `settled` waits for that fetch, so "Llámenme" pressed right after the tick is sent with the token
 * rather than refused as unticked.
 */
export function useHumanToken() {
  const [token, setToken] = useState('');
  const fetching = useRef<Promise<string> | null>(null);
  return {
    token,
    setToken,
    onFetching: (pending: Promise<string> | null) => {
      fetching.current = pending;
    },
    settled: async () => (fetching.current ? await fetching.current : token),
  };
}

/**
 * The "No soy un robot" check (the reCAPTCHA port): the provider's widget hands a token that the call
 * carries. Only the sandbox provider exists (docs/sandbox.md): its widget is this checkbox.
 */
export function HumanCheck({
  idPrefix,
  provider,
  human,
  error,
}: {
  idPrefix: string;
  provider: 'sandbox' | 'google';
  human: ReturnType<typeof useHumanToken>;
  error?: string;
}) {
  const t = useT();
  const { token, setToken, onFetching } = human;
  const [busy, setBusy] = useState(false);
  // ticked at once, while the widget fetches its token; a token the form drops (a refused call) unticks it
  const [ticked, setTicked] = useState(false);
  useEffect(() => {
    if (!busy && token === '') setTicked(false);
  }, [busy, token]);
  async function check(e: React.ChangeEvent<HTMLInputElement>) {
    // stays ticked and in the tab order while its token comes (aria-busy says so)
    if (busy) return;
    setTicked(e.target.checked);
    if (!e.target.checked) return setToken('');
    setBusy(true);
    const pending = (async () => {
      const issued = provider === 'sandbox' ? await request<'GET /sandbox/recaptcha/token'>({ url: '/sandbox/recaptcha/token', failurePopup: 'false' }) : null;
      return typeof issued?.token === 'string' ? issued.token : '';
    })();
    onFetching(pending);
    setToken(await pending);
    onFetching(null);
    setBusy(false);
  }
  const errorId = `${idPrefix}-recaptcha-error`;
  return (
    <div className="field recaptcha-check">
      <label>
        <input
          type="checkbox"
          name="recaptcha"
          checked={ticked}
          aria-busy={busy || undefined}
          onChange={check}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
        />{' '}
        {t('callback.field.recaptcha')}
      </label>
      {error && (
        <p className="field-error" id={errorId} role="alert">
          * {t(error)}
        </p>
      )}
    </div>
  );
}

/** The contact as the calls take it: empty optional fields left out. */
export const contactBody = (c: Contact) => ({
  phoneNumber: c.phoneNumber.trim(),
  ...(c.name.trim() ? { name: c.name.trim() } : {}),
  ...(c.document.trim() ? { document: c.document.trim() } : {}),
});
