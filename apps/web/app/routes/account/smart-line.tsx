import { useEffect, useState } from 'react';
import { useActionData, useLoaderData, type MetaFunction } from 'react-router';
import { smartLineEvents } from '@andes/domain/analytics-account';
import { formatDateInZone } from '@andes/domain/dates';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { CurrentSmartLine, SmartLineForm, type SmartLineAdded, type SmartLineOverview } from '../../features/device/smart-line.tsx';
import { dispatchIntent } from '../../lib/form-action.ts';
import { smartLineIntents } from '../../features/device/smart-line-actions.server.ts';

export const handle = messageGroups('account', 'device', 'smartLine');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'smartLine.title');

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const res = await args.context.api<'GET /restpp/asset/:phoneNumber/smart-line'>(`/restpp/asset/${base.line.phoneNumber}/smart-line`);
  return { ...base, overview: res.body };
}

/** POST: the step-up and the watch before JavaScript loads (decision 018). */
export async function action({ request, context }: LoaderArgs) {
  return dispatchIntent(request, smartLineIntents(context));
}

/** SPEC §2 `linea-smart` (docs/decisions/028): the line's number on a smartwatch with an eSIM. */
export default function SmartLinePage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  // the watch just added without JavaScript: the action's answer, the only one with its activation code
  const added = (useActionData() as Partial<SmartLineAdded> | undefined)?.addedOverview;
  const [overview, setOverview] = useState<SmartLineOverview>(added ?? data.overview);
  const [done, setDone] = useState<'added' | 'removed' | null>(added ? 'added' : null);
  useEffect(() => {
    track(smartLineEvents.step(market.site, 'view', { active: data.overview.current !== null, eligible: data.overview.refusal === null }));
  }, [market.site, data.overview]);
  const changed = (next: SmartLineOverview, what: 'added' | 'removed') => {
    setOverview(next);
    setDone(what);
  };
  const day = (iso: string) => formatDateInZone(new Date(iso), market.timeZone);
  return (
    <AccountShell title={t('smartLine.title')} base={data}>
      <p>{t('smartLine.intro')}</p>
      <div role="status" data-testid="smart-line-result">
        {done && <p className="notice-success">{t(done === 'added' ? 'smartLine.added' : 'smartLine.removed')}</p>}
      </div>
      {overview.current ? (
        <CurrentSmartLine overview={overview} watch={overview.current} onDone={(next) => changed(next, 'removed')} />
      ) : overview.refusal ? (
        <p className="form-error" data-testid="smart-line-refusal">
          {t(overview.refusal)}
        </p>
      ) : (
        <SmartLineForm overview={overview} onDone={(next) => changed(next, 'added')} />
      )}
      {overview.history.length > 0 && (
        <section aria-labelledby="smart-history-title">
          <h2 id="smart-history-title">{t('smartLine.history')}</h2>
          <ul>
            {overview.history.map((s) => (
              <li key={s.id}>{t('smartLine.history.item', { name: s.watchName, from: day(s.createdAt), to: day(s.removedAt ?? s.createdAt) })}</li>
            ))}
          </ul>
        </section>
      )}
    </AccountShell>
  );
}
