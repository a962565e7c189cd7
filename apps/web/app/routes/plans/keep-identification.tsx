import { useEffect } from 'react';
import { type MetaFunction } from 'react-router';
import { CheckoutStep, events } from '@andes/domain/analytics';
import { plansPaths } from '@andes/domain/plans-sale';
import { pageTitle, useMarket, useT } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { PlanSteps } from '../../features/plans/plan-steps.tsx';
import { planFlowFields } from '../../features/plans/journey-flow.ts';
import '../../features/cart/cart.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('cart', 'plans');

/** No data of its own: the loader carries the route's message groups (lib/message-groups.ts). */
export function loader() {
  return {};
}

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'plans.keep.title');

/** The document given is already a customer's: sign in to add the line to the account, or go on as given. */
export default function KeepIdentification() {
  const t = useT();
  const market = useMarket();
  useEffect(() => track(events.checkoutStep(market.site, CheckoutStep.identification, { ...planFlowFields(false, false), customer: 'known' })), [market.site]);
  return (
    <section className="page narrow">
      <PlanSteps current="identification" />
      <h1>{t('plans.keep.title')}</h1>
      <p>{t('plans.keep.body', { document: market.document.label })}</p>
      <div className="plan-actions">
        <a className="button" href={`${market.loginPath}?successurl=${encodeURIComponent(plansPaths.billing)}`}>
          {t('plans.keep.login')}
        </a>
        <a className="button button-ghost" href={plansPaths.billing}>
          {t('plans.keep.continue')}
        </a>
      </div>
    </section>
  );
}
