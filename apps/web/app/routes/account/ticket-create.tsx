import { useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { accountEvents } from '@andes/domain/analytics-account';
import { accountInputs } from '@andes/domain/account-inputs';
import { checkAttachment, ticketAttachmentTypes, ticketCategories } from '@andes/domain/account-tickets';
import { validate } from '@andes/domain/validation';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { holdBusy } from '../../lib/busy.ts';
import { track } from '../../lib/analytics.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('account');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.tickets.create');

export async function loader(args: LoaderArgs) {
  return loadAccount(args);
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

export default function CreateTicket() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [category, setCategory] = useState('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<{ type: string; bytes: Uint8Array } | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function pick(e: React.ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0];
    if (!chosen) return setFile(null);
    const bytes = new Uint8Array(await chosen.arrayBuffer());
    const verdict = checkAttachment(chosen.type, bytes);
    setErrors((x) => ({ ...x, attachment: verdict === 'ok' ? [] : [verdict] }));
    setFile(verdict === 'ok' ? { type: chosen.type, bytes } : null);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checked = validate(accountInputs.ticket, { category, description });
    if (!checked.ok) return setErrors(checked.errors);
    if (errors.attachment?.length) return;
    setFormError(null);
    const release = holdBusy();
    const body = await request<'POST /restpp/asset/:phoneNumber/tickets'>({
      url: `/restpp/asset/${data.line.phoneNumber}/tickets`,
      method: 'POST',
      contentType: 'json',
      data: { category, description, ...(file ? { attachment: { type: file.type, data: toBase64(file.bytes) } } : {}) },
      failurePopup: 'false',
    });
    if (body?.success) {
      const ticket = body.ticket;
      track(accountEvents.ticketCreated(market.site, category));
      window.location.assign(`/mi${market.brand}/confirmacion-ticket?ticket=${encodeURIComponent(ticket.number)}`);
      return;
    }
    release();
    if (body?.validationError) setErrors(body.validationError);
    setFormError(body?.response?.systemMessage?.[0]?.messages[0] ?? t('pp.error.network'));
  }

  const err = (name: string) => errors[name]?.[0];
  return (
    <AccountShell title={t('account.tickets.create')} base={data}>
      <form onSubmit={submit} noValidate className="narrow">
        <div className="field">
          <label htmlFor="ticket-category">{t('account.tickets.category')}</label>
          <select
            id="ticket-category"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            aria-invalid={err('category') ? true : undefined}
            aria-describedby={err('category') ? 'ticket-category-error' : undefined}
          >
            <option value="">—</option>
            {ticketCategories.map((c) => (
              <option key={c} value={c}>
                {t(`account.tickets.cat.${c}`)}
              </option>
            ))}
          </select>
          {err('category') && (
            <p className="field-error" id="ticket-category-error" role="alert">
              * {t(err('category')!)}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="ticket-description">{t('account.tickets.description')}</label>
          <p className="field-hint" id="ticket-description-hint">
            {t('account.tickets.descriptionHint')}
          </p>
          <textarea
            id="ticket-description"
            rows={5}
            maxLength={1000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            aria-invalid={err('description') ? true : undefined}
            aria-describedby={`ticket-description-hint${err('description') ? ' ticket-description-error' : ''}`}
          />
          {err('description') && (
            <p className="field-error" id="ticket-description-error" role="alert">
              * {t(err('description')!)}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="ticket-attachment">{t('account.tickets.attachment')}</label>
          <p className="field-hint" id="ticket-attachment-hint">
            {t('account.tickets.attachmentHint')}
          </p>
          <input
            id="ticket-attachment"
            type="file"
            accept={ticketAttachmentTypes.join(',')}
            onChange={pick}
            aria-describedby={`ticket-attachment-hint${err('attachment') ? ' ticket-attachment-error' : ''}`}
          />
          {err('attachment') && (
            <p className="field-error" id="ticket-attachment-error" role="alert">
              * {t(err('attachment')!)}
            </p>
          )}
        </div>
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="button">
          {t('account.tickets.submit')}
        </button>
      </form>
    </AccountShell>
  );
}
