import { useLoaderData, type MetaFunction } from 'react-router';
import { formatDateInZone } from '@andes/domain/dates';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.payments.title');

interface Payment {
  id: number;
  kind: 'bill' | 'topup' | 'bag';
  method: string;
  amountFormatted: string;
  createdAt: string;
}

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const res = await args.context.api<{ payments: Payment[]; total: { formatted: string } }>(`/restpp/asset/${base.line.phoneNumber}/payments`);
  return { ...base, payments: res.body.payments ?? [], total: res.body.total?.formatted ?? '' };
}

export default function Payments() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  return (
    <AccountShell title={t('account.payments.title')} base={data}>
      {data.payments.length === 0 ? (
        <p>{t('account.payments.none')}</p>
      ) : (
        <>
          <p className="status">{t('account.payments.total', { amount: data.total })}</p>
          <table className="data-table">
            <caption>{t('account.payments.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('account.payments.col.date')}</th>
                <th scope="col">{t('account.payments.col.kind')}</th>
                <th scope="col">{t('account.payments.col.method')}</th>
                <th scope="col">{t('account.payments.col.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {data.payments.map((p) => (
                <tr key={p.id}>
                  <td>{formatDateInZone(new Date(p.createdAt), market.timeZone)}</td>
                  <td>{t(`account.payments.kind.${p.kind}`)}</td>
                  <td>{p.method}</td>
                  <td>{p.amountFormatted}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </AccountShell>
  );
}
