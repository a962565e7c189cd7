import { useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { accountEvents } from '@andes/domain/analytics-account';
import { customerCanCancel } from '@andes/domain/account-tickets';
import { formatDateInZone } from '@andes/domain/dates';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { whileBusy } from '../../lib/busy.ts';
import { track } from '../../lib/analytics.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { DataTable } from '../../ui/table-scroll.tsx';
import { messageGroups } from '../../lib/message-groups.ts';
import type { Answer } from '@andes/contract/caller';

export const handle = messageGroups('account');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.tickets.title');

type Ticket = Answer<'GET /restpp/asset/:phoneNumber/tickets'>['tickets'][number];

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const res = await args.context.api<'GET /restpp/asset/:phoneNumber/tickets'>(`/restpp/asset/${base.line.phoneNumber}/tickets`);
  return { ...base, tickets: res.body.tickets ?? [] };
}

export default function Tickets() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [tickets, setTickets] = useState(data.tickets);
  const [notice, setNotice] = useState<string | null>(null);
  const day = (iso: string) => formatDateInZone(new Date(iso), market.timeZone);

  // only while nobody works on it (the state machine's rule); the desk then stops and the customer is told
  async function cancel(ticket: Ticket) {
    const body = await whileBusy(() =>
      request<'POST /restpp/asset/:phoneNumber/tickets/:ticketId/cancel'>({
        url: `/restpp/asset/${data.line.phoneNumber}/tickets/${ticket.id}/cancel`,
        method: 'POST',
        contentType: 'json',
        data: {},
      }),
    );
    if (!body?.success) return;
    const moved = body.ticket;
    setTickets((list) => list.map((k) => (k.id === moved.id ? { ...k, ...moved } : k)));
    setNotice(t('account.tickets.cancelled', { number: moved.number }));
    track(accountEvents.ticketCancelled(market.site, moved.category));
  }

  return (
    <AccountShell title={t('account.tickets.title')} base={data}>
      <p>
        <a className="button" href={`/mi${market.brand}/crear-ticket`}>
          {t('account.tickets.create')}
        </a>
      </p>
      <p role="status" className={notice ? 'notice-success' : undefined} data-testid="ticket-notice">
        {notice}
      </p>
      {tickets.length === 0 ? (
        <p>{t('account.tickets.none')}</p>
      ) : (
        <DataTable
          caption={t('account.tickets.caption')}
          testId="tickets"
          columns={[
            t('account.tickets.col.number'),
            t('account.tickets.col.category'),
            t('account.tickets.col.date'),
            t('account.tickets.col.status'),
            t('account.tickets.col.updated'),
          ]}
        >
          {tickets.map((k) => (
            <tr key={k.id}>
              <th scope="row">{k.number}</th>
              <td>{t(`account.tickets.cat.${k.category}`)}</td>
              <td>{day(k.createdAt)}</td>
              <td className={`status status-${k.status}`}>
                {t(`account.tickets.status.${k.status}`)}
                {customerCanCancel(k.status) && (
                  <>
                    {' '}
                    <button type="button" className="button button-ghost" onClick={() => cancel(k)}>
                      {t('account.tickets.cancel', { number: k.number })}
                    </button>
                  </>
                )}
              </td>
              <td>{day(k.updatedAt)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </AccountShell>
  );
}
