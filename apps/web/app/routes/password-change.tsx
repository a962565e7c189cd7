import { useEffect } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { signInEvents } from '@andes/domain/analytics-account';
import { ruleSets } from '@andes/domain/validation';
import { pageTitle, useMarket, useRootData, useT, type LoaderArgs } from '../lib/root-data.ts';
import { useForm } from '../lib/form.ts';
import { request } from '../lib/request.ts';
import { track } from '../lib/analytics.ts';
import { holdBusy } from '../lib/busy.ts';
import { Field } from '../ui/field.tsx';
import { loadAccount } from '../features/account/account-data.ts';
import { AccountShell } from '../features/account/account-shell.tsx';
import { messageGroups } from '../lib/message-groups.ts';

export const handle = messageGroups('access', 'account');

const CHANGE_PASSWORD_PATH = '/personas/mientel/mi-perfil/cambiar-clave';
/** Where the sign-in with the new secret lands: back here, saying it worked. */
const DONE_PATH = `${CHANGE_PASSWORD_PATH}?cambiada=1`;

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'password.change.title');

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  return { ...base, done: new URL(args.request.url).searchParams.get('cambiada') === '1' };
}

/**
 * A signed-in customer changes the PIN (Chile, 4 digits) or password (Peru, 6 digits) with the
 * current one. Every session ends with the old secret, so the server answers needLogout and the
 * request helper signs out and in again with the new secret (SPEC §7), landing back here.
 */
export default function PasswordChange() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const { profile } = useRootData();
  const secret = { type: 'numeric' as const, maxLength: market.pinLength };
  const form = useForm({
    schema: ruleSets.passwordChangeLoggedIn(market),
    market,
    fields: { currentPassword: secret, password: secret, confirmPassword: secret },
  });

  useEffect(() => {
    // reported on arrival, since the page that sent the change navigated away at once
    if (data.done) track(signInEvents.passwordStep(market.site, 'change', 'changed'));
  }, [data.done, market.site]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    form.touchAll();
    if (!form.canSubmit) return;
    const release = holdBusy();
    const body = await request({
      url: '/restpp/password/change/changePassword',
      method: 'POST',
      contentType: 'json',
      data: { ...form.values, successurl: DONE_PATH },
      // the login form needs the identifier the customer signs in with: the selected line in Peru, the RUT in Chile
      relogin: { username: loginIdentifier(market.document.kind, profile), password: form.values.password, phone: profile.phoneNumber },
    });
    if (body?.success) return; // the helper is signing in again and will load DONE_PATH
    release();
    if (body?.validationError) form.setServerErrors(body.validationError);
  }

  return (
    <AccountShell title={t('password.change.title')} base={data}>
      {data.done && (
        <p role="status" className="notice-success" data-testid="password-changed">
          {t('password.change.done')}
        </p>
      )}
      <p>{t('password.change.intro')}</p>
      {/* JavaScript only: without it nothing is sent, and post keeps secrets out of any address */}
      <form method="post" onSubmit={submit} noValidate className="narrow">
        <Field
          {...form.register('currentPassword')}
          type="password"
          label={t('password.current')}
          inputMode="numeric"
          autoComplete="current-password"
          error={form.errorFor('currentPassword')}
        />
        <Field
          {...form.register('password')}
          type="password"
          label={t('password.new')}
          hint={t('validation.pin')}
          inputMode="numeric"
          autoComplete="new-password"
          error={form.errorFor('password')}
        />
        <Field
          {...form.register('confirmPassword')}
          type="password"
          label={t('password.confirm')}
          inputMode="numeric"
          autoComplete="new-password"
          error={form.errorFor('confirmPassword')}
        />
        <button type="submit" className="button button-wide" disabled={!form.hydrated || !form.canSubmit}>
          {t('password.save')}
        </button>
      </form>
    </AccountShell>
  );
}

function loginIdentifier(kind: 'rut' | 'dni', profile: { rut?: string; dni?: string; phoneNumber?: string | null }): string {
  return (kind === 'rut' ? profile.rut : (profile.phoneNumber ?? profile.dni)) ?? '';
}
