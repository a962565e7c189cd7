import { useLoaderData, type MetaFunction } from 'react-router';
import { formatDateInZone } from '@andes/domain/dates';
import { formatPhone } from '@andes/domain/documents';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('account');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.tickets.confirmTitle');

/** The ticket the address names, looked up among the customer's own: an unknown or foreign number finds nothing. */
export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const number = new URL(args.request.url).searchParams.get('ticket') ?? '';
  const res = /^TK-[A-Z]{2}-\d{7}$/.test(number)
    ? await args.context.api<'GET /restpp/asset/tickets/:number'>(`/restpp/asset/tickets/${encodeURIComponent(number)}`)
    : null;
  return { ...base, ticket: res?.body.success ? res.body.ticket : null };
}

export default function TicketConfirmation() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const ticket = data.ticket;
  return (
    <AccountShell title={t(ticket ? 'account.tickets.confirmTitle' : 'account.tickets.notFoundTitle')} base={data}>
      {ticket ? (
        <div data-testid="ticket-confirmation">
          <p role="status">{t('account.tickets.confirmBody', { number: ticket.number })}</p>
          <ul>
            <li>{t('account.tickets.detail.category', { category: t(`account.tickets.cat.${ticket.category}`) })}</li>
            <li>{t('account.tickets.detail.status', { status: t(`account.tickets.status.${ticket.status}`) })}</li>
            <li>{t('account.tickets.detail.line', { phone: formatPhone(ticket.phoneNumber, market.site) })}</li>
            <li>{t('account.tickets.detail.created', { date: formatDateInZone(new Date(ticket.createdAt), market.timeZone) })}</li>
          </ul>
        </div>
      ) : (
        <p role="alert" className="form-error" data-testid="ticket-not-found">
          {t('account.tickets.notFound')}
        </p>
      )}
      <p>
        <a className="button" href={`/mi${market.brand}/mis-tickets`}>
          {t('account.tickets.back')}
        </a>
      </p>
    </AccountShell>
  );
}
