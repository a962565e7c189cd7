import { useState } from 'react';
import { signInEvents } from '@andes/domain/analytics-account';
import { ruleSets } from '@andes/domain/validation';
import { useMarket, useT } from '../../lib/root-data.ts';
import { useForm } from '../../lib/form.ts';
import type { ApiBody } from '@andes/contract/envelope';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { ui } from '../../lib/ui-events.ts';
import { whileBusy } from '../../lib/busy.ts';
import { Field } from '../../ui/field.tsx';

/** `first`: Chile's first PIN (code, then secret, as a recovery); `unique`: Peru's unique password (code and secret together). */
type Mode = 'recovery' | 'unique' | 'first';
type Step = { name: 'identify' } | { name: 'code'; tokenId: string; phoneLast: string } | { name: 'secret'; tokenId: string } | { name: 'done' };

const API = {
  recovery: {
    request: '/restpp/password/recovery/validatePhoneNumber',
    resend: '/restpp/password/recovery/validatePhoneNumberTwo',
    verify: '/restpp/password/recovery/validateToken',
    change: '/restpp/password/recovery/changePassword',
  },
  first: {
    request: '/restpp/password/unique/validatePhoneNumber',
    resend: '/restpp/password/unique/validatePhoneNumberTwo',
    verify: '/restpp/password/unique/validateToken',
    change: '/restpp/password/unique/changePassword',
  },
  unique: {
    request: '/restpp/peru/unique/password',
    resend: '/restpp/password/unique/validatePhoneNumberTwo',
    change: '/restpp/peru/password/change',
  },
} as const;

const TEXT = {
  recovery: { title: 'password.recovery.title', intro: 'password.recovery.intro' },
  unique: { title: 'password.unique.title', intro: 'password.unique.intro' },
  first: { title: 'password.first.title', intro: 'password.first.intro' },
} as const;

async function post(url: string, data: Record<string, unknown>, onFieldErrors: (e: Record<string, string[]>) => void): Promise<ApiBody | null> {
  const body = await whileBusy(() => request({ url, method: 'POST', contentType: 'json', data }));
  if (body?.validationError) onFieldErrors(body.validationError);
  return body?.success ? body : null;
}

/**
 * Password recovery (code by SMS, then a new secret), Chile's first PIN (the same steps) and Peru's
 * unique-password creation (code and secret together), as one flow of small steps.
 */
export function PasswordFlow({ mode }: { mode: Mode }) {
  const t = useT();
  const market = useMarket();
  const [step, setStep] = useState<Step>({ name: 'identify' });
  const flow = mode === 'recovery' ? 'recovery' : 'unique';
  const text = TEXT[mode];

  return (
    <section className="page narrow">
      <h1>{t(text.title)}</h1>
      <p>{t(text.intro)}</p>
      {step.name === 'identify' && (
        <IdentifyStep
          mode={mode}
          onSent={(tokenId, phoneLast) => {
            track(signInEvents.passwordStep(market.site, flow, 'code_sent'));
            setStep({ name: 'code', tokenId, phoneLast });
          }}
        />
      )}
      {step.name === 'code' && (
        <>
          <p role="status">{t('password.codeSent', { last: step.phoneLast })}</p>
          {mode !== 'unique' ? (
            <CodeStep
              verify={API[mode].verify}
              tokenId={step.tokenId}
              onVerified={() => {
                track(signInEvents.passwordStep(market.site, flow, 'code_valid'));
                setStep({ name: 'secret', tokenId: step.tokenId });
              }}
            />
          ) : (
            <SecretStep mode={mode} tokenId={step.tokenId} withCode onDone={() => setStep({ name: 'done' })} />
          )}
          <button
            type="button"
            className="link"
            onClick={async () => {
              if (await post(API[mode].resend, { tokenId: step.tokenId }, () => undefined))
                ui.alert('success', t('password.codeResent', { last: step.phoneLast }));
            }}
          >
            {t('password.resendCode')}
          </button>
        </>
      )}
      {step.name === 'secret' && <SecretStep mode={mode} tokenId={step.tokenId} onDone={() => setStep({ name: 'done' })} />}
      {step.name === 'done' && (
        <>
          <p role="status" className="notice-success">
            {t('password.changed')}
          </p>
          <a className="button" href={market.loginPath}>
            {t('login.submit')}
          </a>
        </>
      )}
    </section>
  );
}

function IdentifyStep({ mode, onSent }: { mode: Mode; onSent: (tokenId: string, phoneLast: string) => void }) {
  const t = useT();
  const market = useMarket();
  const rut = market.document.kind === 'rut';
  const form = useForm({
    schema: mode === 'unique' ? ruleSets.uniquePasswordRequest() : ruleSets.passwordValidatePhone(market),
    market,
    fields: {
      document: { type: rut ? 'rut' : 'numeric', maxLength: market.document.length },
      phoneNumber: { type: 'numeric', maxLength: market.phoneLength },
    },
  });
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = await post(API[mode].request, form.values, form.setServerErrors);
    if (body) onSent(String(body.tokenId), String(body.phoneLast));
  }
  return (
    // these steps call the API, so they need JavaScript; post keeps the values out of the address meanwhile
    <form method="post" onSubmit={submit} noValidate>
      <Field {...form.register('document')} label={market.document.label} error={form.errorFor('document')} />
      <Field
        {...form.register('phoneNumber')}
        label={t('password.phone')}
        inputMode="numeric"
        autoComplete="tel-national"
        error={form.errorFor('phoneNumber')}
      />
      <button type="submit" className="button button-wide" disabled={!form.hydrated || !form.canSubmit}>
        {t('password.sendCode')}
      </button>
    </form>
  );
}

function CodeStep({ verify, tokenId, onVerified }: { verify: string; tokenId: string; onVerified: () => void }) {
  const t = useT();
  const market = useMarket();
  const form = useForm({
    schema: ruleSets.passwordValidateToken(),
    market,
    fields: { tokenId: {}, code: { type: 'numeric', maxLength: 6 } },
    initial: { tokenId },
  });
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (await post(verify, form.values, form.setServerErrors)) onVerified();
  }
  return (
    <form method="post" onSubmit={submit} noValidate>
      <Field {...form.register('code')} label={t('password.code')} inputMode="numeric" autoComplete="one-time-code" error={form.errorFor('code')} />
      <button type="submit" className="button button-wide" disabled={!form.hydrated || !form.canSubmit}>
        {t('password.verify')}
      </button>
    </form>
  );
}

function SecretStep({ mode, tokenId, withCode = false, onDone }: { mode: Mode; tokenId: string; withCode?: boolean; onDone: () => void }) {
  const t = useT();
  const market = useMarket();
  const secret = { type: 'numeric' as const, maxLength: market.pinLength };
  const form = useForm({
    schema: withCode ? ruleSets.uniquePasswordCreate(market) : ruleSets.passwordChangeWithToken(market),
    market,
    fields: { tokenId: {}, code: { type: 'numeric', maxLength: 6, noVerify: !withCode }, password: secret, confirmPassword: secret },
    initial: { tokenId },
  });
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const { code: _code, ...rest } = form.values;
    if (await post(API[mode].change, withCode ? form.values : rest, form.setServerErrors)) {
      track(signInEvents.passwordStep(market.site, mode === 'recovery' ? 'recovery' : 'unique', 'changed'));
      onDone();
    }
  }
  return (
    <form method="post" onSubmit={submit} noValidate>
      {withCode && (
        <Field {...form.register('code')} label={t('password.code')} inputMode="numeric" autoComplete="one-time-code" error={form.errorFor('code')} />
      )}
      <Field
        {...form.register('password')}
        type="password"
        label={t('password.new')}
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
  );
}
