import { useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { personalDataInput } from '@andes/domain/account-inputs';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { useForm } from '../../lib/form.ts';
import { request } from '../../lib/request.ts';
import { whileBusy } from '../../lib/busy.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { Field } from '../../ui/field.tsx';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('account');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.personal.title');

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const res = await args.context.api<'GET /restpp/order/customer/info'>('/restpp/order/customer/info');
  return { ...base, customer: res.body.customer };
}

export default function PersonalData() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm({
    schema: personalDataInput,
    market,
    fields: {
      firstName: { type: 'letter', maxLength: 60 },
      lastName: { type: 'letter', maxLength: 60 },
      email: { type: 'email', maxLength: 120 },
      contactPhone: { type: 'numeric', maxLength: market.phoneLength },
    },
    initial: { firstName: data.customer.firstName, lastName: data.customer.lastName, email: data.customer.email, contactPhone: data.customer.contactPhone },
  });
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    form.touchAll();
    if (!form.canSubmit) return;
    setSaved(null);
    const body = await whileBusy(() =>
      request({ url: '/restpp/order/customer/info', method: 'PUT', contentType: 'json', data: form.values, failurePopup: 'false' }),
    );
    if (body?.success) setSaved(t('account.personal.saved'));
    else if (body?.validationError) form.setServerErrors(body.validationError);
  }
  return (
    <AccountShell title={t('account.personal.title')} base={data}>
      <form onSubmit={submit} noValidate className="narrow">
        <Field
          id="field-document"
          name="document"
          label={t('account.personal.document', { label: market.document.label })}
          value={data.customer.document}
          readOnly
          aria-readonly="true"
        />
        <Field {...form.register('firstName')} label={t('account.personal.firstName')} autoComplete="given-name" error={form.errorFor('firstName')} />
        <Field {...form.register('lastName')} label={t('account.personal.lastName')} autoComplete="family-name" error={form.errorFor('lastName')} />
        <Field {...form.register('email')} type="email" label={t('account.personal.email')} autoComplete="email" error={form.errorFor('email')} />
        <Field
          {...form.register('contactPhone')}
          label={t('account.personal.contactPhone')}
          inputMode="numeric"
          autoComplete="tel-national"
          error={form.errorFor('contactPhone')}
        />
        <div aria-live="polite">
          {saved && (
            <p className="notice-success" role="status" data-testid="personal-saved">
              {saved}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={!form.canSubmit}>
          {t('account.personal.save')}
        </button>
      </form>
    </AccountShell>
  );
}
