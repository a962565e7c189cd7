import { useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { canMoveRequest } from '@andes/domain/account-requests';
import { formatDateInZone } from '@andes/domain/dates';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { DataTable } from '../../ui/table-scroll.tsx';
import { messageGroups } from '../../lib/message-groups.ts';
import type { Answer } from '@andes/contract/caller';

export const handle = messageGroups('account');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.requests.title');

type ServiceRequest = Answer<'GET /restpp/asset/:phoneNumber/requests'>['requests'][number];

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const res = await args.context.api<'GET /restpp/asset/:phoneNumber/requests'>(`/restpp/asset/${base.line.phoneNumber}/requests`);
  return { ...base, requests: res.body.requests ?? [] };
}

export default function Requests() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [list, setList] = useState(data.requests);
  const [message, setMessage] = useState<string | null>(null);
  async function withdraw(r: ServiceRequest) {
    const body = await request({
      url: `/restpp/asset/${data.line.phoneNumber}/requests/${r.id}/withdraw`,
      method: 'POST',
      contentType: 'json',
      data: {},
      failurePopup: 'false',
    });
    if (body?.success) {
      setList((l) => l.map((x) => (x.id === r.id ? { ...x, status: 'withdrawn' } : x)));
      setMessage(`${r.number}: ${t('account.requests.status.withdrawn')}`);
    } else setMessage(body?.response?.systemMessage?.[0]?.messages[0] ?? t('pp.error.network'));
  }
  return (
    <AccountShell title={t('account.requests.title')} base={data}>
      <p>
        <a className="button" href="/personas/mientel/ayuda-soporte">
          {t('account.requests.new')}
        </a>
      </p>
      <p aria-live="polite">{message}</p>
      {list.length === 0 ? (
        <p>{t('account.requests.none')}</p>
      ) : (
        <DataTable
          caption={t('account.requests.caption')}
          testId="requests"
          columns={[t('account.requests.col.number'), t('account.requests.col.topic'), t('account.requests.col.date'), t('account.requests.col.status')]}
        >
          {list.map((r) => (
            <tr key={r.id}>
              <th scope="row">{r.number}</th>
              <td>{t(`account.support.topic.${r.topic}`)}</td>
              <td>{formatDateInZone(new Date(r.createdAt), market.timeZone)}</td>
              <td>
                {t(`account.requests.status.${r.status}`)}
                {canMoveRequest(r.status, 'withdrawn') && (
                  <>
                    {' '}
                    <button type="button" className="button button-ghost" onClick={() => withdraw(r)}>
                      {t('account.requests.withdraw', { number: r.number })}
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </AccountShell>
  );
}
