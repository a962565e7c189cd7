import { useLoaderData, type MetaFunction } from 'react-router';
import { formatDateInZone } from '@andes/domain/dates';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.tickets.title');

interface Ticket {
  id: number;
  number: string;
  category: string;
  status: string;
  createdAt: string;
}

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const res = await args.context.api<{ tickets: Ticket[] }>(`/restpp/asset/${base.line.phoneNumber}/tickets`);
  return { ...base, tickets: res.body.tickets ?? [] };
}

export default function Tickets() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  return (
    <AccountShell title={t('account.tickets.title')} base={data}>
      <p>
        <a className="button" href={`/mi${market.brand}/crear-ticket`}>
          {t('account.tickets.create')}
        </a>
      </p>
      {data.tickets.length === 0 ? (
        <p>{t('account.tickets.none')}</p>
      ) : (
        <table className="data-table" data-testid="tickets">
          <caption>{t('account.tickets.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('account.tickets.col.number')}</th>
              <th scope="col">{t('account.tickets.col.category')}</th>
              <th scope="col">{t('account.tickets.col.date')}</th>
              <th scope="col">{t('account.tickets.col.status')}</th>
            </tr>
          </thead>
          <tbody>
            {data.tickets.map((k) => (
              <tr key={k.id}>
                <th scope="row">{k.number}</th>
                <td>{t(`account.tickets.cat.${k.category}`)}</td>
                <td>{formatDateInZone(new Date(k.createdAt), market.timeZone)}</td>
                <td>{t(`account.tickets.status.${k.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </AccountShell>
  );
}
