import { formatCount } from '@andes/domain/money';
import { formatPointsTotals } from '@andes/domain/account-benefits';
import { useLoaderData, type MetaFunction } from 'react-router';
import { formatCalendarDay } from '@andes/domain/dates';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { PointsHistory } from '../../features/account/points-history.tsx';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('account');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.points.title');

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const res = await args.context.api<'GET /restpp/asset/:phoneNumber/points'>(`/restpp/asset/${base.line.phoneNumber}/points`);
  return {
    ...base,
    points: res.body.points ?? { amount: 0, expiresAt: null },
    totals: res.body.totals ?? { earned: 0, redeemed: 0, expired: 0 },
    history: res.body.history ?? [],
  };
}

export default function PointsDetail() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  return (
    <AccountShell title={t('account.points.title')} base={data}>
      <p className="big" data-testid="points-balance">
        {t('account.points.balance', { points: formatCount(data.points.amount, market.currency) })}
      </p>
      <p>{data.points.expiresAt ? t('account.points.expires', { date: formatCalendarDay(data.points.expiresAt) }) : t('account.points.noExpiry')}</p>
      <p data-testid="points-totals">{t('account.points.totals', formatPointsTotals(data.totals, market.currency))}</p>
      <p>
        <a href={`/mi${market.brand}/canje-bonos`}>{t('account.points.redeem')}</a>
      </p>
      <h2>{t('account.points.history')}</h2>
      <PointsHistory history={data.history} />
    </AccountShell>
  );
}
