import { useState } from 'react';
import { useNavigate } from 'react-router';
import { planEvents, type ActiveSimType } from '@andes/domain/plans-sale';
import { useMarket, useT } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { whileBusy } from '../../lib/busy.ts';
import { PlanSelector } from './plan-selector.tsx';
import { choosePlan, planEventItem } from './journey.ts';
import type { Plan, PlansAnswer } from './types.ts';

/**
 * The selector with a continue button: choosing keeps the plan for the journey (`activeSimType`, the
 * journey it is chosen in), continue goes to `next` or runs `onContinue` (the journey's checks).
 */
export function PlanPicker({
  plans,
  listId,
  next,
  continueLabel,
  activeSimType,
  onContinue,
}: {
  plans: PlansAnswer;
  listId: string;
  next?: string;
  continueLabel: string;
  activeSimType?: ActiveSimType;
  onContinue?: () => Promise<void>;
}) {
  const t = useT();
  const market = useMarket();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<string | null>(plans.selectValue);
  const [busy, setBusy] = useState(false);

  const select = async (plan: Plan) => {
    track(planEvents.selectPlan(market.site, listId, planEventItem(plan, market.currency)));
    setBusy(true);
    const res = await choosePlan(plan.id, false, activeSimType);
    setBusy(false);
    if (res?.success) setChosen(plan.id);
  };
  // the overlay lasts until the next page shows, or until the step's own work ends here
  const proceed = () =>
    whileBusy(async () => {
      if (onContinue) {
        setBusy(true);
        await onContinue();
        setBusy(false);
      } else if (next) await navigate(next);
    });
  return (
    <>
      <PlanSelector groups={plans} defaultTab={plans.defaultTab} selectedId={plans.selectValue} onSelect={select} lineKind={plans.activeSimType} />
      <button type="button" className="button button-wide" disabled={!chosen || busy} onClick={proceed}>
        {continueLabel}
      </button>
      {!chosen && <p className="field-hint">{t('plans.error.noPlan')}</p>}
    </>
  );
}
