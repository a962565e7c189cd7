import { useEffect, useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { events } from '@andes/domain/analytics';
import { planChangeEvents } from '@andes/domain/analytics-account';
import { formatCalendarDay } from '@andes/domain/dates';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { loadAccount, newIdempotencyKey } from '../../features/account/account-data.ts';
import { dispatchIntent } from '../../lib/form-action.ts';
import { planChangeIntents } from '../../features/plan-change/plan-change-actions.server.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { PlanOptions } from '../../features/plan-change/plan-options.tsx';
import { PendingChange } from '../../features/plan-change/pending-change.tsx';
import { DONE_QUERY, PLAN_QUERY, type PlanChanged, type PlanChangeOverview } from '../../features/plan-change/api.ts';

// the refusals a blocked or suspended line gets are the device and suspension capabilities' words
export const handle = messageGroups('account');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.planChange.title');

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const res = await args.context.api<'GET /restpp/asset/:phoneNumber/plan-change'>(`/restpp/asset/${base.line.phoneNumber}/plan-change`);
  const query = new URL(args.request.url).searchParams;
  const done = query.get(DONE_QUERY);
  return {
    ...base,
    overview: res.body.success ? (res.body as PlanChangeOverview) : null,
    // a plan picked by its link, and what a form posted without JavaScript just did (the action's redirect)
    chosenId: query.get(PLAN_QUERY),
    done: done === 'applied' || done === 'scheduled' || done === 'cancelled' ? done : null,
    key: newIdempotencyKey(),
  };
}

/** POST: the plan change forms before JavaScript loads. */
export async function action({ request, context }: LoaderArgs) {
  return dispatchIntent(request, planChangeIntents(context, new URL(request.url).pathname));
}

type Done = { kind: 'applied' | 'scheduled'; name: string; date: string } | { kind: 'cancelled' };

/** SPEC §2 `mi-plan/cambio-plan`: a postpaid or Controlado line moves to another plan (docs/decisions/027). */
export default function PlanChangePage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [overview, setOverview] = useState<PlanChangeOverview | null>(data.overview);
  const [done, setDone] = useState<Done | null>(() => {
    const o = data.overview;
    if (!o || !data.done) return null;
    if (data.done === 'cancelled') return { kind: 'cancelled' };
    const change = data.done === 'applied' ? o.thisPeriod : o.pending;
    return change ? { kind: data.done as 'applied' | 'scheduled', name: change.toPlan.name, date: formatCalendarDay(change.effectiveOn, 'long') } : null;
  });
  useEffect(() => {
    if (data.overview) track(planChangeEvents.step(market.site, 'view', { line_kind: data.overview.kind, pending: data.overview.pending !== null }));
    else track(events.failure(market.site, 'account.planChange.error.load', 'plan_change_view'));
  }, [market.site, data.overview]);

  const changed = (next: PlanChanged) => {
    setOverview(next);
    const to = next.history.find((c) => c.id === next.change.id);
    setDone({
      kind: next.change.state === 'applied' ? 'applied' : 'scheduled',
      name: to?.toPlan.name ?? '',
      date: formatCalendarDay(next.change.effectiveOn, 'long'),
    });
  };

  return (
    <AccountShell title={t('account.planChange.title')} base={data}>
      {!overview ? (
        // the error state: the plans could not be read; the link reloads the page
        <p className="form-error" role="alert" data-testid="plan-change-error">
          {t('account.planChange.error.load')} <a href="/personas/mientel/mi-plan/cambio-plan">{t('account.planChange.title')}</a>
        </p>
      ) : overview.migrationPath ? (
        <p data-testid="plan-change-prepaid">
          {t('account.planChange.prepaid')} <a href={overview.migrationPath}>{t('account.planChange.prepaid.link')}</a>
        </p>
      ) : (
        <>
          <p>{t('account.planChange.intro', { date: formatCalendarDay(overview.periodEndsOn, 'long') })}</p>
          {overview.current && (
            <p data-testid="plan-change-current">
              {t('account.planChange.current', { name: overview.current.name, price: overview.current.monthly.formatted })}
            </p>
          )}
          <div role="status" data-testid="plan-change-result">
            {done && (
              <p className="notice-success">
                {done.kind === 'cancelled'
                  ? t('account.planChange.cancelled')
                  : t(done.kind === 'applied' ? 'account.planChange.done.upgrade' : 'account.planChange.done.downgrade', {
                      name: done.name,
                      date: done.date,
                    })}{' '}
                <a href="/personas/mientel/boleta">{t('account.planChange.billsLink')}</a>
              </p>
            )}
          </div>
          {overview.refusal && (
            <p className="form-error" role="alert" data-testid="plan-change-refusal">
              {t(overview.refusal)}
            </p>
          )}
          {overview.pending && (
            <PendingChange
              phone={overview.phoneNumber}
              change={overview.pending}
              onDone={(next) => {
                setOverview(next);
                setDone({ kind: 'cancelled' });
              }}
            />
          )}
          {overview.thisPeriod && overview.thisPeriod.state === 'applied' && (
            <p data-testid="plan-change-this-period">
              {t('account.planChange.thisPeriod', { name: overview.thisPeriod.toPlan.name, date: formatCalendarDay(overview.periodEndsOn, 'long') })}
            </p>
          )}
          {!overview.pending && !overview.thisPeriod && !overview.refusal && (
            <PlanOptions overview={overview} chosenId={data.chosenId} firstKey={data.key} onDone={changed} />
          )}
          {overview.history.length > 0 && (
            <section aria-labelledby="plan-change-history-title">
              <h2 id="plan-change-history-title">{t('account.planChange.history')}</h2>
              <ul data-testid="plan-change-history">
                {overview.history.map((c) => (
                  <li key={c.id}>
                    {t('account.planChange.history.item', {
                      from: c.fromPlan.name,
                      to: c.toPlan.name,
                      date: formatCalendarDay(c.effectiveOn),
                      state: t(`account.planChange.state.${c.state}`),
                    })}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </AccountShell>
  );
}
