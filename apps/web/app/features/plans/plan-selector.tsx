import { useId, useMemo, useRef, useState } from 'react';
import { selectPlan } from '@andes/domain/plans';
import { PLAN_GROUPS, carouselWindow, type PlanGroup } from '@andes/domain/plans-sale';
import { useT } from '../../lib/root-data.ts';
import { PlanCard } from './plan-card.tsx';
import { usePlansPerView } from './use-per-view.ts';
import type { Plan, PlanGroups } from './types.ts';
import './plans.css';

/** Tab order on screen: Blue first, then Libres and Controlado (SPEC §2 "Plan selector"). */
const TAB_ORDER: PlanGroup[] = ['blue', 'postpaidPlans', 'hybridPlans'];

interface Props {
  groups: PlanGroups;
  /** The tab opened first: the API's `defaultTab` (first non-empty of postpaid, hybrid, blue). */
  defaultTab: PlanGroup;
  /** The plan chosen so far (the API's `selectValue`), if any. */
  selectedId?: string | null;
  /** Called when the visitor chooses a plan; the card is marked chosen at once. */
  onSelect: (plan: Plan) => void;
  /** Renders extra actions under each card (e.g. the landing's detail and contract buttons). */
  renderActions?: (plan: Plan) => React.ReactNode;
  /** Whether the cards get a choose button (false on the landing, which uses renderActions). */
  selectable?: boolean;
  /** Called when the visitor moves to other plans (the other-plans chevron). */
  onMore?: (direction: 1 | -1) => void;
  /** The cards' heading level: 2 where the selector sits right under the page's h1. */
  cardHeadingLevel?: 2 | 3;
  /** The kind of line the journey sells (the list's `activeSimType`): which promotions are the cards' prices. */
  lineKind?: string;
}

/**
 * The plan selector: tabs by customer group (only non-empty ones), a carousel of 3 plans per view
 * (2 under 1280 px), and choosing a plan marks only that one selected. Tabs follow the WAI-ARIA tabs
 * pattern (arrow keys, Home, End).
 */
export function PlanSelector({ groups, defaultTab, selectedId = null, onSelect, renderActions, selectable = true, onMore, cardHeadingLevel, lineKind }: Props) {
  const t = useT();
  const base = useId();
  const tabs = TAB_ORDER.filter((g) => groups[g].length > 0);
  const [tab, setTab] = useState<PlanGroup>(tabs.includes(defaultTab) ? defaultTab : (tabs[0] ?? defaultTab));
  const [all, setAll] = useState(() => PLAN_GROUPS.flatMap((g) => groups[g]).map((p) => ({ ...p, selected: p.id === selectedId })));
  const [start, setStart] = useState(0);
  const perView = usePlansPerView();
  const tabRefs = useRef<Partial<Record<PlanGroup, HTMLButtonElement | null>>>({});
  const plans = useMemo(() => all.filter((p) => p.customerGroup === tab), [all, tab]);
  const view = carouselWindow(plans.length, perView, start);

  if (!tabs.length) return <p>{t('plans.selector.empty')}</p>;

  const open = (g: PlanGroup, focus = false) => {
    setTab(g);
    setStart(0);
    if (focus) tabRefs.current[g]?.focus();
  };
  const onTabKey = (e: React.KeyboardEvent) => {
    const i = tabs.indexOf(tab);
    const next =
      e.key === 'ArrowRight'
        ? tabs[(i + 1) % tabs.length]
        : e.key === 'ArrowLeft'
          ? tabs[(i - 1 + tabs.length) % tabs.length]
          : e.key === 'Home'
            ? tabs[0]
            : e.key === 'End'
              ? tabs[tabs.length - 1]
              : null;
    if (!next) return;
    e.preventDefault();
    open(next, true);
  };
  const move = (direction: 1 | -1) => {
    setStart(view.start + direction * perView);
    onMore?.(direction);
  };
  const choose = (plan: Plan) => {
    setAll((current) => selectPlan(current, plan.id));
    onSelect({ ...plan, selected: true });
  };
  const chosenPlan = all.find((p) => p.selected);

  return (
    <div className="plan-selector">
      <div role="tablist" aria-label={t('plans.selector.label')} onKeyDown={onTabKey}>
        {tabs.map((g) => (
          <button
            key={g}
            ref={(el) => {
              tabRefs.current[g] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${g}`}
            aria-selected={g === tab}
            aria-controls={`${base}-panel`}
            tabIndex={g === tab ? 0 : -1}
            onClick={() => open(g)}
          >
            {t(`plans.selector.tab.${g}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${tab}`}
        className="plan-carousel"
        style={{ '--plans-per-view': perView } as React.CSSProperties}
      >
        <p className="plan-carousel-status" aria-live="polite">
          {t('plans.selector.page', { from: view.start + 1, to: view.end, total: plans.length })}
        </p>
        <ul className="plan-carousel-track">
          {plans.slice(view.start, view.end).map((p) => (
            <li key={p.id}>
              <PlanCard plan={p} selected={p.selected} onSelect={selectable ? choose : undefined} headingLevel={cardHeadingLevel} lineKind={lineKind}>
                {renderActions?.(p)}
              </PlanCard>
            </li>
          ))}
        </ul>
        <div className="plan-carousel-controls">
          <button type="button" className="button button-ghost" disabled={!view.canPrevious} onClick={() => move(-1)}>
            <span aria-hidden="true">‹ </span>
            {t('plans.selector.previous')}
          </button>
          <button type="button" className="button button-ghost" disabled={!view.canNext} onClick={() => move(1)}>
            {t('plans.selector.next')}
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
      </div>
      <p className="plans-sr-only" aria-live="polite">
        {chosenPlan ? t('plans.selector.chosen', { plan: chosenPlan.planName }) : ''}
      </p>
    </div>
  );
}
