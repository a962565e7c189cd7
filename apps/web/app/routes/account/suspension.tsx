import { useEffect, useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { suspensionEvents } from '@andes/domain/analytics-account';
import { formatCalendarDay } from '@andes/domain/dates';
import { formatMoney } from '@andes/domain/money';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { dispatchIntent } from '../../lib/form-action.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { suspensionIntents } from '../../features/device/suspension-actions.server.ts';
import { SuspensionForm } from '../../features/device/suspension-form.tsx';
import { CurrentSuspension } from '../../features/device/current-suspension.tsx';
import { DONE_QUERY, type Done, type SuspensionOverview } from '../../features/device/suspension-api.ts';

export const handle = messageGroups('account', 'suspension');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'suspension.title');

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const res = await args.context.api<'GET /restpp/asset/:phoneNumber/suspension'>(`/restpp/asset/${base.line.phoneNumber}/suspension`);
  // what a form posted without JavaScript just did (the action's redirect)
  const done = new URL(args.request.url).searchParams.get(DONE_QUERY);
  return { ...base, overview: res.body, done: done === 'scheduled' || done === 'ended' ? (done as Done) : null };
}

/** POST: the suspension forms before JavaScript loads. */
export async function action({ request, context }: LoaderArgs) {
  return dispatchIntent(request, suspensionIntents(context, new URL(request.url).pathname));
}

/** SPEC §2 `suspension-temporal`: suspend the line for travel or a break, and end it early. */
export default function SuspensionPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [overview, setOverview] = useState<SuspensionOverview>(data.overview);
  const [done, setDone] = useState<Done | null>(data.done);
  const { rule } = overview;
  useEffect(() => {
    track(suspensionEvents.step(market.site, 'view', data.overview.current ? { state: data.overview.current.state } : {}));
  }, [market.site, data.overview.current]);
  const changed = (next: SuspensionOverview, what: Done) => {
    setOverview(next);
    setDone(what);
  };
  return (
    <AccountShell title={t('suspension.title')} base={{ ...data, line: { ...data.line, status: overview.status } }}>
      <p>{t('suspension.intro', { min: rule.minDays, max: rule.maxDays, year: rule.yearlyDays })}</p>
      <p>{t(rule.billed ? 'suspension.billed' : 'suspension.free')}</p>
      <div role="status" data-testid="suspension-result">
        {done && <p className="notice-success">{t(done === 'scheduled' ? 'suspension.scheduled' : 'suspension.ended')}</p>}
      </div>
      {overview.current ? (
        <CurrentSuspension phone={overview.phoneNumber} suspension={overview.current} onDone={(next) => changed(next, 'ended')} />
      ) : (
        <>
          <p data-testid="suspension-days-left">{t('suspension.daysLeft', { days: overview.daysLeft })}</p>
          {overview.daysLeft >= rule.minDays && <SuspensionForm overview={overview} onDone={(next) => changed(next, 'scheduled')} />}
        </>
      )}
      {overview.history.length > 0 && (
        <section aria-labelledby="suspension-history-title">
          <h2 id="suspension-history-title">{t('suspension.history')}</h2>
          <ul>
            {overview.history.map((s) => (
              <li key={s.id}>
                {t('suspension.history.item', {
                  reason: t(`suspension.reason.${s.reason}`),
                  from: formatCalendarDay(s.startsOn),
                  to: formatCalendarDay(s.lastDay),
                  days: s.days,
                })}
                {s.credit ? ` · ${t('suspension.history.credit', { amount: formatMoney(s.credit, market.currency) })}` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
    </AccountShell>
  );
}
