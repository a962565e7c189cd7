import { useLoaderData, useLocation, type MetaFunction } from 'react-router';
import { formatCalendarDay } from '@andes/domain/dates';
import { pageTitle, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { PointsHistory, type PointsEntry } from '../../features/account/points-history.tsx';
import { messageGroups } from '../../lib/message-groups.ts';
import type { Answer } from '@andes/contract/caller';

export const handle = messageGroups('account');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.benefits.title');

type Discount = Answer<'GET /restpp/asset/benefits/discounts'>['discounts'][number];

const tabs = [
  ['descuentos', 'account.benefits.discounts'],
  ['canjes', 'account.benefits.redemptions'],
  ['historico_puntos', 'account.benefits.history'],
] as const;

/** beneficios shows the discounts; its sub-paths show the redemptions and the points history. */
export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const tab = new URL(args.request.url).pathname.split('/').pop() ?? '';
  const phone = base.line.phoneNumber;
  if (tab === 'canjes') {
    const res = await args.context.api<'GET /restpp/asset/:phoneNumber/benefits/redemptions'>(`/restpp/asset/${phone}/benefits/redemptions`);
    return { ...base, tab, discounts: [] as Discount[], history: res.body.redemptions ?? [] };
  }
  if (tab === 'historico_puntos') {
    const res = await args.context.api<'GET /restpp/asset/:phoneNumber/points'>(`/restpp/asset/${phone}/points`);
    return { ...base, tab, discounts: [] as Discount[], history: res.body.history ?? [] };
  }
  const res = await args.context.api<'GET /restpp/asset/benefits/discounts'>('/restpp/asset/benefits/discounts');
  return { ...base, tab: 'descuentos', discounts: res.body.discounts ?? [], history: [] as PointsEntry[] };
}

export default function Benefits() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const { pathname } = useLocation();
  return (
    <AccountShell title={t('account.benefits.title')} base={data}>
      <nav aria-label={t('account.benefits.tabs')}>
        <ul className="tabs">
          {tabs.map(([slug, key]) => {
            const href = `/personas/mientel/beneficios/${slug}`;
            const current = pathname === href || (slug === 'descuentos' && pathname === '/personas/mientel/beneficios');
            return (
              <li key={slug}>
                <a href={href} aria-current={current ? 'page' : undefined}>
                  {t(key)}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      {data.tab === 'descuentos' &&
        (data.discounts.length === 0 ? (
          <p>{t('account.benefits.noDiscounts')}</p>
        ) : (
          <ul className="cards" data-testid="discounts">
            {data.discounts.map((d) => (
              <li key={d.id} className="card">
                <h2>{d.partner}</h2>
                <p>
                  <strong>{d.title}</strong> · {t(`account.benefits.cat.${d.category}`)}
                </p>
                <p>{t('account.benefits.discount', { percentage: d.percentage })}</p>
                <p>{d.conditions}</p>
                <p>
                  <small>{t('account.benefits.validUntil', { date: formatCalendarDay(d.validUntil) })}</small>
                </p>
              </li>
            ))}
          </ul>
        ))}
      {data.tab === 'canjes' && (data.history.length === 0 ? <p>{t('account.benefits.noRedemptions')}</p> : <PointsHistory history={data.history} />)}
      {data.tab === 'historico_puntos' && <PointsHistory history={data.history} />}
    </AccountShell>
  );
}
