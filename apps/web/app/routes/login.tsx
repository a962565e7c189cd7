import { useState } from 'react';
import { redirect, useLoaderData, type MetaFunction } from 'react-router';
import { signInEvents } from '@andes/domain/analytics-account';
import { ErrorKeys } from '@andes/domain/error-keys';
import { ruleSets } from '@andes/domain/validation';
import { safeReturnPath } from '@andes/domain/return-path';
import { accountPath } from '../features/account/account-data.ts';
import { validateDni } from '@andes/domain/documents';
import type { Market } from '@andes/domain/market';
import { pageTitle, type LoaderArgs } from '../lib/root-data.ts';
import { useMarket, useRootData, useT } from '../lib/root-data.ts';
import { useForm } from '../lib/form.ts';
import { errorItems, request } from '../lib/request.ts';
import type { ErrorItem } from '../lib/ui-events.ts';
import { ErrorList } from '../ui/overlays.tsx';
import { track } from '../lib/analytics.ts';
import { Field } from '../ui/field.tsx';
import { messageGroups } from '../lib/message-groups.ts';

export const handle = messageGroups('access');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'login.title');

export async function loader({ request: req, context }: LoaderArgs) {
  const url = new URL(req.url);
  const home = url.pathname === context.market.homeLoginPath;
  if (url.pathname !== context.market.loginPath && !home) throw new Response('Not found', { status: 404 });
  // a sign-in nobody asked for from a page goes to the customer's account (issue 36)
  const successurl = safeReturnPath(url.searchParams.get('successurl')) ?? accountPath(context.market.brand, 'mi-cuenta');
  const profile = await context.api<'POST /REST/profile/current'>('/REST/profile/current', { method: 'POST' });
  if (profile.body.profile?.securityStatus === 4) throw redirect(successurl);
  return {
    home,
    successurl,
    username: url.searchParams.get('username') ?? '',
    error: url.searchParams.get('error'),
    minutes: Number(url.searchParams.get('minutes')) || undefined,
  };
}

function loginMethod(market: Market, username: string): 'rut' | 'phone' | 'dni' {
  if (market.document.kind === 'rut') return 'rut';
  return validateDni(username) ? 'dni' : 'phone';
}

export default function Login() {
  const data = useLoaderData<typeof loader>();
  const market = useMarket();
  const { csrfToken } = useRootData();
  const t = useT();
  const chile = market.document.kind === 'rut';
  const form = useForm({
    schema: ruleSets.login(market),
    market,
    fields: {
      username: { type: chile ? 'rut' : 'numeric', maxLength: chile ? market.document.length : market.phoneLength },
      password: { type: 'numeric', maxLength: market.pinLength },
    },
    initial: { username: data.username },
  });
  const initialError = data.error ? t(data.error, { minutes: data.minutes ?? 15 }) : undefined;
  // the refusal's error list: its detail behind 'Ver detalle' and its way out (a locked account's recovery)
  const [formError, setFormError] = useState<ErrorItem[] | undefined>(
    data.error && data.error !== ErrorKeys.invalidCredentials && initialError ? [{ key: data.error, message: initialError }] : undefined,
  );
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    form.touchAll();
    if (!form.canSubmit) return;
    setBusy(true);
    setFormError(undefined);
    const method = loginMethod(market, form.values.username);
    const body = await request({
      url: '/oam/server/authentication',
      method: 'POST',
      contentType: 'json',
      // SPEC §7 PROFILE_LOGIN: the market's own field names (Chile `{rutt, PIN}`)
      data: { [market.loginFields.username]: form.values.username, [market.loginFields.password]: form.values.password, successurl: data.successurl },
      failurePopup: 'false',
    });
    if (body?.success) {
      track(signInEvents.login(market.site, method));
      window.location.assign(body.response?.redirectRUL ?? data.successurl);
      return;
    }
    const key = body?.response?.systemMessage?.[0]?.exceptionKey ?? 'pp.error.network';
    track(signInEvents.loginFailure(market.site, method, key));
    setBusy(false);
    if (body?.validationError) form.setServerErrors(body.validationError);
    else setFormError(errorItems(body, t('pp.error.network')).slice(0, 1));
  }

  // after a round trip without JavaScript the server's message returns under the PIN field
  const passwordError = form.errorFor('password') ?? (data.error === ErrorKeys.invalidCredentials && !form.values.password ? initialError : undefined);

  return (
    <section className="page narrow">
      <h1>{data.home ? t('login.homeTitle') : t('login.title')}</h1>
      <form method="post" action={`/oam/server/authentication?f__key__=${encodeURIComponent(csrfToken)}`} onSubmit={submit} noValidate>
        <input type="hidden" name="successurl" value={data.successurl} />
        <Field
          {...form.register('username')}
          label={chile ? t('login.rut') : t('login.identifier')}
          hint={chile ? t('login.rutHint') : t('login.identifierHint')}
          inputMode={chile ? 'text' : 'numeric'}
          autoComplete="username"
          error={form.errorFor('username')}
        />
        <Field
          {...form.register('password')}
          type="password"
          label={chile ? t('login.pin') : t('login.password')}
          inputMode="numeric"
          autoComplete="current-password"
          error={passwordError}
        />
        {formError && (
          <div className="form-error" role="alert">
            <ErrorList items={formError} />
          </div>
        )}
        <button type="submit" className="button button-wide" disabled={!form.canSubmit || busy}>
          {t('login.submit')}
        </button>
      </form>
      <p className="form-links">
        <a href="/personas/recuperar-clave">{t('login.forgot')}</a>
        {' · '}
        <a href="/personas/creacion-clave">{t(market.uniquePassword ? 'login.createPassword' : 'login.createFirst')}</a>
      </p>
    </section>
  );
}
