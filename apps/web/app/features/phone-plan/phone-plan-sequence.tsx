import { useEffect, useMemo, useRef, useState, type Dispatch } from 'react';
import { CheckoutStep, events } from '@andes/domain/analytics';
import { cartEvents, type CartAnalyticsItem } from '@andes/domain/analytics-shop';
import { constants } from '@andes/domain/market';
import { formatMoney, roundForEvent } from '@andes/domain/money';
import { planEventQuantity } from '@andes/domain/plans';
import {
  canContinueSaleStep,
  currentSaleStep,
  installmentFor,
  isLastSaleStep,
  phonePlanLines,
  saleFlow,
  type InstallmentOption,
  type LineChoice,
  type SaleAction,
  type SaleFlow,
  type SaleState,
  type SaleStep,
} from '@andes/domain/sale-sequence';
import { saleSequenceEvents } from '@andes/domain/sale-sequence-events';
import { useMarket, useT } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { type ErrorItem } from '../../lib/ui-events.ts';
import { holdBusy } from '../../lib/busy.ts';
import { ErrorList, Modal } from '../../ui/overlays.tsx';
import { InsuranceOffer } from '../catalogue/insurance-offer.tsx';
import { BLUE_INCLUDED_INSURANCE } from '@andes/domain/blue-program';
import { toggleInsurance } from '@andes/domain/insurance-selection';
import { errorItems, postLines } from '../catalogue/post-lines.ts';
import type { Insurance } from '../catalogue/types.ts';
import { BillingDeliveryForm } from '../plans/billing-delivery.tsx';
import { LineKindChoice } from '../plans/line-kind.tsx';
import type { BillingContact } from '../plans/types.ts';
import { CampaignCarousel } from './campaign-carousel.tsx';
import { InstallmentsStep } from './installments-step.tsx';
import { PlanStep } from './plan-step.tsx';
import type { CampaignDetails, ChosenPlan } from './types.ts';

const CART_PATH = '/carrito-compra';

/** The billing-delivery form brings its own heading ("Ahora puedes configurar tu nuevo plan") and Continue. */
const TITLES: Partial<Record<SaleStep, string>> = {
  installments: 'phonePlan.installments.title',
  plan: 'phonePlan.plan.title',
  insurance: 'phonePlan.insurance.title',
};

/** The step's heading, which names the step's choices. */
const STEP_TITLE_ID = 'sale-step-title';

const REQUIRED: Partial<Record<SaleStep, string>> = {
  installments: 'phonePlan.installments.required',
  plan: 'phonePlan.plan.required',
};

export interface PhonePlanProps {
  steps: readonly SaleStep[];
  state: SaleState;
  dispatch: Dispatch<SaleAction>;
  flow: SaleFlow;
  blue: boolean;
  signedIn: boolean;
  phone: { skuId: string; name: string; price: number };
  options: InstallmentOption[];
  insurances: Insurance[];
  planPhoneNumber: string | null;
  campaign: CampaignDetails | null;
  productId: string;
}

/**
 * 'Equipo + plan' (SPEC §4 equipment purchase sequence): the page's steps one at a time, each reported
 * to analytics with the journey labels; the last step adds phone and plan to the cart together and the
 * page continues to the cart after 2 seconds (SPEC §4 timed transitions).
 */
export function PhonePlanSequence(props: PhonePlanProps) {
  const { steps, state, dispatch, blue, signedIn, phone, options, planPhoneNumber, campaign, productId } = props;
  const t = useT();
  const market = useMarket();
  const money = (n: number) => formatMoney(n, market.currency);
  const step = currentSaleStep(steps, state);
  const [quotasValue, setQuotasValue] = useState<number | null>(null);
  const [plan, setPlan] = useState<ChosenPlan | null>(null);
  // 'Equipo + plan' with a new number or bringing the customer's number (SPEC §4 selected option values)
  const [line, setLine] = useState<LineChoice>('newLine');
  const flow = useMemo(
    () => (line === 'portability' ? saleFlow({ option: 'EquipPlan', accessory: false, signedIn, blue, line }) : props.flow),
    [line, props.flow, signedIn, blue],
  );
  const [billing, setBilling] = useState<BillingContact | null>(null);
  // a Blue phone comes with its protection insurance (SPEC §9): checked, fixed, at 0 (the covers it excludes follow)
  const [insurances, setInsurances] = useState<Insurance[]>(() =>
    blue && props.insurances.some((i) => i.id === BLUE_INCLUDED_INSURANCE)
      ? toggleInsurance(props.insurances, BLUE_INCLUDED_INSURANCE, true).map((i) =>
          i.id === BLUE_INCLUDED_INSURANCE
            ? { ...i, enabled: false, monthlyValue: 0, monthlyValueFormatted: money(0), description: t('phonePlan.insurance.included') }
            : i,
        )
      : props.insurances,
  );
  const [accepted, setAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);
  const [errors, setErrors] = useState<ErrorItem[] | null>(null);
  const section = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!step) return;
    track(saleSequenceEvents.step(market.site, flow, step, state.index));
    // focus the new step's heading, so keyboard and screen-reader users start reading there; a customer
    // who moved elsewhere while the sequence was fetched keeps their place
    const title = section.current?.querySelector<HTMLElement>('h2');
    const active = document.activeElement;
    const stillHere = !active || active === document.body || !!section.current?.closest('.sale-panel')?.contains(active);
    if (title && stillHere) {
      title.tabIndex = -1;
      title.focus();
    }
  }, [step, state.index, flow, market.site]);

  useEffect(() => {
    if (!added) return;
    const timer = window.setTimeout(() => window.location.assign(CART_PATH), constants.installmentsRedirectMs);
    return () => window.clearTimeout(timer);
  }, [added]);

  if (!step) return null;
  const quota = plan ? installmentFor(options, plan.id, quotasValue) : undefined;
  const campaignRequired = campaign !== null;
  const canContinue = canContinueSaleStep(step, {
    quotasValue,
    planId: plan?.id ?? null,
    billingReady: billing !== null,
    campaignRequired,
    conditionsAccepted: accepted,
  });
  const last = isLastSaleStep(steps, state);

  /** A plan chosen at another count may not be offered at this one: it must be chosen again. */
  function chooseCount(count: number) {
    setQuotasValue(count);
    if (plan && !installmentFor(options, plan.id, count)) setPlan(null);
  }

  async function addToCart() {
    if (!plan || !billing) return;
    setBusy(true);
    const release = holdBusy(t('phonePlan.adding'));
    const chosen = insurances.filter((i) => i.checked).map((i) => i.id);
    const lines = phonePlanLines({
      skuId: phone.skuId,
      planId: plan.id,
      insurances: chosen,
      campaignID: campaign?.campaign.campaignID ?? null,
      billing,
      portability: line === 'portability',
      ...(blue && quota ? { installments: { quotasValue: quota.quotasValue, initialQuota: quota.initialQuota } } : {}),
    });
    const body = await postLines(campaign ? '/restpp/order/add/campaign' : '/restpp/order/add', lines);
    release();
    setBusy(false);
    if (!body?.success) return setErrors(errorItems(body, t('pp.error.generic')));
    const items: CartAnalyticsItem[] = [
      { item_id: phone.skuId, item_name: phone.name, price: roundForEvent(phone.price, market.currency), quantity: 1 },
      { item_id: plan.id, item_name: plan.name, price: roundForEvent(plan.price, market.currency), quantity: planEventQuantity(plan.id) },
    ];
    track(cartEvents.addToCart(market.site, market.currency, items));
    track(events.checkoutStep(market.site, CheckoutStep.newLineWithPlan, saleSequenceEvents.flowFields(flow)));
    setAdded(true);
  }

  function next() {
    if (!canContinue || busy) return;
    if (last) void addToCart();
    else dispatch({ type: 'next', steps });
  }

  function cancel() {
    track(saleSequenceEvents.cancelled(market.site, flow, step));
    dispatch({ type: 'cancel' });
  }

  // the campaign's own hint sits under its checkbox; billing delivery shows its own field hints
  const missing = canContinue ? undefined : REQUIRED[step];
  return (
    <section ref={section} className="sale-sequence" aria-label={t('phonePlan.sequence.label')} data-testid="sale-sequence" data-step={step}>
      <p className="sale-progress">
        {t('phonePlan.progress', { n: state.index + 1, total: steps.length, step: t(`phonePlan.step.${step}`) })}{' '}
        <a href="/personas/catalogo/postpago">{t('product.withPlan.link')}</a>
      </p>
      {TITLES[step] && <h2 id={STEP_TITLE_ID}>{t(step === 'plan' && !blue ? 'phonePlan.plan.titleOther' : TITLES[step])}</h2>}

      {step === 'installments' && <InstallmentsStep options={options} value={quotasValue} onChange={chooseCount} />}
      {step === 'plan' && (
        <>
          <LineKindChoice
            portability={line === 'portability'}
            onChange={(portability) => {
              // the plans offered differ (a brought number needs voice): the plan is chosen again
              setLine(portability ? 'portability' : 'newLine');
              setPlan(null);
              track(
                saleSequenceEvents.optionChosen(
                  market.site,
                  portability ? saleFlow({ option: 'EquipPlan', accessory: false, signedIn, blue, line: 'portability' }) : props.flow,
                ),
              );
            }}
          />
          <PlanStep
            blue={blue}
            signedIn={signedIn}
            portability={line === 'portability'}
            options={options}
            quotasValue={quotasValue}
            value={plan?.id ?? null}
            onChange={setPlan}
          />
        </>
      )}
      {step === 'billing' && (
        <BillingDeliveryForm
          planPhoneNumber={planPhoneNumber ?? undefined}
          initialMobile={billing?.billing_msisdn}
          initialEmail={billing?.billing_email}
          onSubmit={(contact) => {
            setBilling(contact);
            dispatch({ type: 'next', steps });
          }}
        />
      )}
      {step === 'insurance' && (
        <>
          {insurances.length ? (
            <InsuranceOffer insurances={insurances} onChange={setInsurances} labelledBy={STEP_TITLE_ID} />
          ) : (
            <p>{t('phonePlan.insurance.none')}</p>
          )}
          <p className="field-hint">{t('phonePlan.insurance.optional')}</p>
          {campaign && <CampaignCarousel details={campaign} selectedId={productId} accepted={accepted} onAccepted={setAccepted} />}
          {plan && (
            <div className="sale-summary">
              <h3>{t('phonePlan.summary.title')}</h3>
              <ul>
                <li>{t('phonePlan.summary.phone', { name: phone.name })}</li>
                <li>{t('phonePlan.summary.plan', { name: plan.name, price: money(plan.price) })}</li>
                {quota && (
                  <li>{t('phonePlan.summary.installments', { initial: money(quota.initialQuota), count: quota.quotasValue, quota: money(quota.quotas) })}</li>
                )}
              </ul>
            </div>
          )}
        </>
      )}

      {missing && (
        <p id="sale-step-missing" className="field-hint">
          {t(missing)}
        </p>
      )}
      <p role="status" aria-live="polite">
        {added ? t('phonePlan.added') : ''}
      </p>
      {added ? (
        <a className="button" href={CART_PATH}>
          {t('phonePlan.goToCart')}
        </a>
      ) : (
        <div className="sale-actions">
          {step !== 'billing' && (
            <button
              type="button"
              className="button"
              disabled={!canContinue || busy}
              aria-describedby={missing ? 'sale-step-missing' : undefined}
              onClick={next}
            >
              {t(last ? 'phonePlan.addToCart' : 'phonePlan.continue')}
            </button>
          )}
          <button type="button" className="button button-ghost" onClick={() => dispatch({ type: 'previous' })} disabled={busy}>
            {t('phonePlan.back')}
          </button>
          <button type="button" className="button button-ghost" onClick={cancel} disabled={busy}>
            {t('phonePlan.cancel')}
          </button>
        </div>
      )}

      {errors && (
        <Modal title={t('product.addError.title')} onClose={() => setErrors(null)}>
          <ErrorList items={errors} />
          <button type="button" className="button" autoFocus onClick={() => setErrors(null)}>
            {t('shell.close')}
          </button>
        </Modal>
      )}
    </section>
  );
}
