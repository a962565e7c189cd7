import { useEffect, useRef, useState } from 'react';
import { planChangeEvents } from '@andes/domain/analytics-account';
import { formatCalendarDay } from '@andes/domain/dates';
import { track } from '../../lib/analytics.ts';
import { useMarket, useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { whileBusy } from '../../lib/busy.ts';
import { INTENT, handledHere, useFormAction, useFormRefusal } from '../../lib/form-action.ts';
import { newIdempotencyKey } from '../account/account-data.ts';
import { PLAN_QUERY, refusalOf, type PlanChanged, type PlanChangeOverview, type PlanOption } from './api.ts';

/**
 * The plans the line may move to, each with its monthly price and when the change takes effect (an
 * upgrade today, with the next bill's two parts; a downgrade on the cycle day), then the confirmation.
 * Choosing and confirming are buttons (keyboard), the confirmation takes the focus, and the outcome
 * is announced (role status / alert).
 */
export function PlanOptions({
  overview,
  chosenId,
  firstKey,
  onDone,
}: {
  overview: PlanChangeOverview;
  /** The plan being confirmed when the page was asked with `?plan=` (before JavaScript loads). */
  chosenId: string | null;
  /** The idempotency key the server page rendered (the same before and after hydration). */
  firstKey: string;
  onDone: (next: PlanChanged) => void;
}) {
  const t = useT();
  const market = useMarket();
  const formAction = useFormAction();
  const formRefusal = useFormRefusal();
  const posted = formRefusal?.fields[INTENT] === 'change' ? formRefusal : undefined;
  const [chosen, setChosen] = useState<PlanOption | null>(() => overview.plans.find((p) => p.id === (posted?.fields.planId ?? chosenId)) ?? null);
  const [key, setKey] = useState(firstKey);
  const [error, setError] = useState<string | null>(posted ? (posted.error.message ?? t(posted.error.key)) : null);
  const [busy, setBusy] = useState(false);
  const confirmTitle = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (chosen) confirmTitle.current?.focus();
  }, [chosen]);

  const choose = (plan: PlanOption) => {
    setChosen(plan);
    setError(null);
    setKey(newIdempotencyKey());
    track(planChangeEvents.step(market.site, 'selected', { plan_id: plan.id, change_kind: plan.kind }));
  };

  async function confirm() {
    if (!chosen) return;
    setBusy(true);
    const body = await whileBusy(() =>
      request<'POST /restpp/asset/:phoneNumber/plan-change'>({
        url: `/restpp/asset/${overview.phoneNumber}/plan-change`,
        method: 'POST',
        contentType: 'json',
        data: { planId: chosen.id, price: chosen.price.amount, idempotencyKey: key },
        failurePopup: 'false',
        failureContext: 'plan_change',
      }),
    );
    setBusy(false);
    if (body?.success) {
      const next = body as unknown as PlanChanged;
      track(
        planChangeEvents.step(market.site, next.change.state === 'applied' ? 'changed' : 'scheduled', { plan_id: chosen.id, change_kind: next.change.kind }),
      );
      setChosen(null);
      onDone(next);
      return;
    }
    const refusal = refusalOf(body, t('pp.error.network'));
    setError(Object.values(refusal.fields)[0]?.[0] ?? refusal.message);
  }

  const estimate = (p: PlanOption) =>
    p.nextBill &&
    t('account.planChange.estimate', {
      date: formatCalendarDay(p.nextBill.issuesOn),
      fromAmount: p.nextBill.from.amount.formatted,
      fromDays: p.nextBill.from.days,
      toAmount: p.nextBill.to.amount.formatted,
      toDays: p.nextBill.to.days,
      amount: p.nextBill.amount.formatted,
    });

  if (chosen) {
    return (
      <section className="card narrow" aria-labelledby="plan-change-confirm-title" data-testid="plan-change-confirm">
        <h2 id="plan-change-confirm-title" tabIndex={-1} ref={confirmTitle}>
          {t('account.planChange.confirm.title')}
        </h2>
        <p>
          {t(`account.planChange.confirm.${chosen.kind}`, {
            name: chosen.name,
            price: chosen.price.formatted,
            date: formatCalendarDay(chosen.effectiveOn, 'long'),
          })}
        </p>
        {chosen.nextBill && <p data-testid="plan-change-estimate">{estimate(chosen)}</p>}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <form method="post" action={formAction} onSubmit={handledHere(confirm)}>
          <input type="hidden" name={INTENT} value="change" />
          <input type="hidden" name="line" value={overview.phoneNumber} />
          <input type="hidden" name="planId" value={chosen.id} />
          <input type="hidden" name="price" value={chosen.price.amount} />
          <input type="hidden" name="idempotencyKey" value={key} />
          <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('account.planChange.saving') : t('account.planChange.confirm.submit')}
          </button>{' '}
          <a
            href="?"
            className="button secondary"
            onClick={(e) => {
              e.preventDefault();
              if (!busy) setChosen(null);
            }}
          >
            {t('account.planChange.confirm.back')}
          </a>
        </form>
      </section>
    );
  }

  if (overview.plans.length === 0) return <p>{t('account.planChange.none')}</p>;
  return (
    <section aria-labelledby="plan-change-plans-title">
      <h2 id="plan-change-plans-title">{t('account.planChange.plans')}</h2>
      <ul className="cards" data-testid="plan-change-plans">
        {overview.plans.map((p) => (
          <li key={p.id} className="card" data-plan={p.id}>
            <h3>{p.name}</h3>
            <p>{[p.data, p.voice, p.sms].filter(Boolean).join(' · ')}</p>
            <p>
              <strong>{t('account.planChange.perMonth', { price: p.price.formatted })}</strong>
            </p>
            <p>{t(`account.planChange.kind.${p.kind}`, { date: formatCalendarDay(p.effectiveOn, 'long') })}</p>
            {p.nextBill && <p className="field-hint">{estimate(p)}</p>}
            <a
              href={`?${new URLSearchParams({ [PLAN_QUERY]: p.id })}`}
              className="button"
              onClick={(e) => {
                e.preventDefault();
                choose(p);
              }}
            >
              {t('account.planChange.choose', { name: p.name })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
