import { useLoaderData, type MetaFunction } from 'react-router';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.tickets.confirmTitle');

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const number = new URL(args.request.url).searchParams.get('ticket') ?? '';
  return { ...base, number: /^TK-[A-Z]{2}-\d{7}$/.test(number) ? number : '' };
}

export default function TicketConfirmation() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  return (
    <AccountShell title={t('account.tickets.confirmTitle')} base={data}>
      {data.number && (
        <p role="status" data-testid="ticket-confirmation">
          {t('account.tickets.confirmBody', { number: data.number })}
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
