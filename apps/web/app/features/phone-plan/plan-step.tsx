import { useEffect, useMemo, useRef, useState } from 'react';
import { installmentFor, type InstallmentOption } from '@andes/domain/sale-sequence';
import { formatMoney } from '@andes/domain/money';
import { cardFirstMonthPrice } from '@andes/domain/plans';
import { useMarket, useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { PlanSelector } from '../plans/plan-selector.tsx';
import type { Plan, PlansAnswer } from '../plans/types.ts';
import type { ChosenPlan } from './types.ts';

/**
 * Plan choice (SPEC §2 screen 2) with the shared plan selector; the plan the session chose before
 * (the renewal catalogue's "Contratar") comes preselected when this page offers it. A Blue page offers only the Blue plans
 * priced at the chosen installment count, each card showing its down payment and quota; other pages
 * offer the postpaid and hybrid plans.
 */
export function PlanStep({
  blue,
  signedIn,
  portability = false,
  options,
  quotasValue,
  value,
  onChange,
}: {
  blue: boolean;
  signedIn: boolean;
  /** The customer brings the number: only plans offered for portability. */
  portability?: boolean;
  options: InstallmentOption[];
  quotasValue: number | null;
  value: string | null;
  onChange: (plan: ChosenPlan) => void;
}) {
  const t = useT();
  const market = useMarket();
  const money = (n: number) => formatMoney(n, market.currency);
  const [answer, setAnswer] = useState<PlansAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    const simType = portability ? 'portability' : signedIn ? 'additionalLine' : 'newLine';
    void request<'GET /restpp/subscriber/plans'>({
      url: `/restpp/subscriber/plans?activeSimType=${simType}`,
      failurePopup: 'false',
      signal: controller.signal,
    }).then((body) => {
      if (controller.signal.aborted) return;
      if (body?.success) setAnswer(body);
      else setFailed(true);
    });
    return () => controller.abort();
  }, [signedIn, portability, attempt]);

  const groups = useMemo(() => {
    if (!answer) return null;
    if (!blue) return { postpaidPlans: answer.postpaidPlans, hybridPlans: answer.hybridPlans, blue: [] };
    return { postpaidPlans: [], hybridPlans: [], blue: answer.blue.filter((p) => installmentFor(options, p.id, quotasValue)) };
  }, [answer, blue, options, quotasValue]);

  // a plan chosen earlier in the session (say on the renewal plan catalogue) comes preselected, once
  const preselected = useRef(false);
  useEffect(() => {
    if (!groups || !answer?.selectValue || value !== null || preselected.current) return;
    preselected.current = true;
    const earlier = [...groups.postpaidPlans, ...groups.hybridPlans, ...groups.blue].find((p) => p.id === answer.selectValue);
    if (earlier) onChange({ id: earlier.id, name: earlier.commerceName, price: cardFirstMonthPrice(earlier, answer.activeSimType) });
  }, [groups, answer, value, onChange]);

  if (failed) {
    return (
      <div role="alert">
        <p>{t('phonePlan.plan.error')}</p>
        <button type="button" className="button button-ghost" onClick={() => setAttempt((a) => a + 1)}>
          {t('phonePlan.plan.retry')}
        </button>
      </div>
    );
  }
  if (!groups || !answer) return <p role="status">{t('phonePlan.plan.loading')}</p>;
  if (!groups.postpaidPlans.length && !groups.hybridPlans.length && !groups.blue.length) return <p role="alert">{t('phonePlan.plan.none')}</p>;

  const quotaOf = (plan: Plan) => {
    const quota = installmentFor(options, plan.id, quotasValue);
    return quota ? (
      <p className="plan-quota">{t('phonePlan.plan.quota', { initial: money(quota.initialQuota), count: quota.quotasValue, quota: money(quota.quotas) })}</p>
    ) : null;
  };
  return (
    <PlanSelector
      // the selector keeps its own copy of the plans: a new journey's list (a brought number) starts it afresh
      key={answer.activeSimType}
      groups={groups}
      defaultTab={blue ? 'blue' : answer.defaultTab === 'blue' ? 'postpaidPlans' : answer.defaultTab}
      selectedId={value}
      onSelect={(plan) => onChange({ id: plan.id, name: plan.commerceName, price: cardFirstMonthPrice(plan, answer.activeSimType) })}
      renderActions={blue ? quotaOf : undefined}
      lineKind={answer.activeSimType}
    />
  );
}
