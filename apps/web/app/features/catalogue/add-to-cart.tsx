import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { catalogueEvents, type AnalyticsItem } from '@andes/domain/analytics-shop';
import { canAddQuantity, decrementQuantity, incrementQuantity } from '@andes/domain/quantities';
import { constants } from '@andes/domain/market';
import { initialSaleState, isBluePage, saleFlow, saleSequence, saleSteps } from '@andes/domain/sale-sequence';
import { saleSequenceEvents } from '@andes/domain/sale-sequence-events';
import { RENEWAL_MAX_QUANTITY, renewalTextParams } from '@andes/domain/renewal';
import { useMarket, useT } from '../../lib/root-data.ts';
import type { ApiBody } from '@andes/contract/envelope';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { holdBusy, useBusyFlag } from '../../lib/busy.ts';
import { type ErrorItem } from '../../lib/ui-events.ts';
import { ErrorList, Modal } from '../../ui/overlays.tsx';
import { FormRefusalMessage } from '../../ui/form-refusal.tsx';
import { countField, INTENT, useFormAction, useFormRefusal } from '../../lib/form-action.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { InsuranceOffer } from './insurance-offer.tsx';
import { errorItems, postLines } from './post-lines.ts';
import type { PhonePlanProps, PhonePlanSequence } from '../phone-plan/phone-plan-sequence.tsx';
import type { Insurance, ProductSku, RenewalLines } from './types.ts';

type PlanSequenceState = typeof PhonePlanSequence | 'loading' | 'failed';

/**
 * The sequence's module. Awaited inside a function of ours: the bundler wraps the import with the
 * preload of its stylesheets, and a stylesheet that fails (the connection gone) rejects that wrapper,
 * not the import's own promise.
 */
async function fetchPhonePlanSequence(): Promise<typeof PhonePlanSequence> {
  const module = await import('../phone-plan/phone-plan-sequence.tsx');
  return module.PhonePlanSequence;
}

/**
 * 'Equipo + plan' (plan selector, billing channels, their rules) is fetched when the customer reaches
 * for it (pointer over it, focus on it, or choosing it), not as the page loads: fetched on load, its
 * scripts and stylesheets ran in the middle of the product page becoming interactive on a phone
 * (Lighthouse's blocking time went from about 50 ms to up to 500 ms). A state, not React.lazy: no
 * Suspense timer stands between the choice and the sequence. A failed fetch is told and tried again
 * on the next reach.
 */
function usePhonePlanSequence(): [PlanSequenceState, () => void] {
  const [sequence, setSequence] = useState<PlanSequenceState>('loading');
  const requested = useRef(false);
  const load = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    setSequence('loading');
    // an answer after the panel is gone sets nothing (React ignores it)
    fetchPhonePlanSequence().then(
      (component) => setSequence(() => component),
      () => {
        requested.current = false;
        setSequence('failed');
      },
    );
  }, []);
  return [sequence, load];
}

export const CART_PATH = '/carrito-compra';
/** The 'Solo Equipo' form: the page's colour and storage radios, outside it, belong to it by this id. */
export const ADD_TO_CART_FORM = 'add-to-cart';
const PRICE_CHANGED = 'pp.error.price.changed';

/** What 'Equipo + plan' needs from the page; null where the product is not sold with a plan (accessories). */
export type PlanSale = Pick<PhonePlanProps, 'signedIn' | 'options' | 'insurances' | 'planPhoneNumber' | 'campaign' | 'productId'> & {
  pageType: string;
  name: string;
};

/**
 * 'Solo Equipo' / 'Equipo + plan' (SPEC §4): the single option opens the quantity panel (starts at 1,
 * never below 1) and 'Añadir al carro' checks the shown price, adds the sku, attaches the chosen
 * insurances to it and goes to the cart; a refused step shows the add-to-cart error modal with the
 * server's message (a changed price offers to reload the page with today's price). 'Equipo + plan' runs the
 * equipment purchase sequence; cancelling it resets option and step.
 */
export function AddToCartPanel({
  sku,
  item,
  insurances: offered,
  phoneNumber,
  planSale,
  renewal = false,
  renewalLines = null,
}: {
  sku: ProductSku;
  item: AnalyticsItem;
  insurances: Insurance[];
  phoneNumber: string | null;
  planSale: PlanSale | null;
  /** A signed-in customer's visit from the renewal catalogue: 'Solo Equipo' is a renewal at the renewal cash price. */
  renewal?: boolean;
  /** On a renewal: the customer's lines, which may renew and why not (the line renewed is chosen here). */
  renewalLines?: RenewalLines | null;
}) {
  const t = useT();
  const market = useMarket();
  const hydrated = useHydrated();
  const formAction = useFormAction();
  // a refused post without JavaScript comes back with 'Solo Equipo' and the quantity as chosen
  const refusal = useFormRefusal();
  const [sale, dispatch] = useReducer(saleSequence, refusal ? { ...initialSaleState, option: 'Single' } : initialSaleState);
  const [PlanSequence, loadPlanSequence] = usePhonePlanSequence();
  const option = sale.option;
  const withPlanRadio = useRef<HTMLInputElement>(null);
  // the sequence closed (Cancelar, or Volver on its first step): told, and focus goes back to its option
  const [seenOption, setSeenOption] = useState(option);
  const [planClosed, setPlanClosed] = useState(false);
  if (option !== seenOption) {
    setSeenOption(option);
    setPlanClosed(seenOption === 'EquipPlan' && option === null);
  }
  useEffect(() => {
    if (planClosed) withPlanRadio.current?.focus();
  }, [planClosed]);
  const blue = planSale !== null && isBluePage(planSale.pageType, market.brand);
  const steps = useMemo(() => saleSteps(planSale?.pageType ?? '', market.brand), [planSale?.pageType, market.brand]);
  const flow = useMemo(
    () => (option ? saleFlow({ option, accessory: planSale === null, signedIn: planSale?.signedIn ?? phoneNumber !== null, blue, renewal }) : null),
    [option, planSale, phoneNumber, blue, renewal],
  );
  useEffect(() => {
    if (flow) track(saleSequenceEvents.optionChosen(market.site, flow));
  }, [flow, market.site]);
  useEffect(() => {
    if (option === 'EquipPlan') loadPlanSequence();
  }, [option, loadPlanSequence]);
  const [quantity, setQuantity] = useState<number>(
    () => (refusal && countField(refusal.fields, 'quantity', constants.quantityDefault)) || constants.quantityDefault,
  );
  const [insurances, setInsurances] = useState<Insurance[]>(offered);
  const [busy, setBusy] = useBusyFlag();
  const held = useRef<() => void>(() => undefined);
  const [errors, setErrors] = useState<ErrorItem[] | null>(null);
  const [priceChanged, setPriceChanged] = useState(false);
  // a renewal is one phone at its renewal price (the server refuses more)
  const renewing = renewal && sku.priceContadoRN !== null;
  const price = renewing ? sku.priceContadoRN! : sku.listPrice;
  // the line renewed: the only eligible one comes chosen; with several the customer picks one
  const [renewalLine, setRenewalLine] = useState<string | null>(renewalLines?.defaultPhoneNumber ?? null);
  const choosingLine = renewing && renewalLines !== null;
  const noEligibleLine = choosingLine && !renewalLines.lines.some((l) => l.eligible);
  const canAdd = sku.inStock && canAddQuantity(quantity) && !busy && (!choosingLine || renewalLine !== null);
  const renewalFields = renewing ? { renewal: true, ...(renewalLine ? { planPhoneNumber: renewalLine } : {}) } : {};

  function fail(body: ApiBody | null, lead?: string) {
    const items = errorItems(body, t('pp.error.generic'));
    setErrors(lead ? [{ key: 'product.addError.insurance', message: lead }, ...items] : items);
    setBusy(false);
    held.current();
  }

  async function add() {
    if (!canAdd) return;
    setBusy(true);
    // held until the cart's page replaces this one, or until a refusal is told here
    held.current = holdBusy(t('product.adding'));
    // the price the page shows must still be the price (SPEC §7 priceRange/validate): a change is told, never added silently
    const checked = await request({
      url: '/restpp/order/v2/priceRange/validate',
      method: 'POST',
      contentType: 'json',
      data: { skuId: sku.id, price, ...(renewing ? { renewal: true } : {}) },
      failurePopup: 'false',
      failureContext: 'add_to_cart',
    });
    if (!checked?.success) {
      setPriceChanged(checked?.response?.systemMessage?.[0]?.exceptionKey === PRICE_CHANGED);
      return fail(checked);
    }
    // the add carries the shown price too, so a change between the two calls is refused as well
    const added = await postLines('/restpp/order/add', [{ type: 'equipment', id: sku.id, quantity, price, ...renewalFields }]);
    if (!added?.success) {
      setPriceChanged(added?.response?.systemMessage?.[0]?.exceptionKey === PRICE_CHANGED);
      return fail(added);
    }
    // the sale's labels (a renewal's 'Contado - Reno', flow-renovation) travel with the add
    track({
      ...catalogueEvents.addToCart(market.site, market.currency, { ...item, item_id: sku.id, quantity }),
      ...(flow ? saleSequenceEvents.flowFields(flow) : {}),
    });
    const chosen = insurances.filter((i) => i.checked).map((i) => i.id);
    if (chosen.length && phoneNumber) {
      // the insurances cover the customer's own line (header atg_phoneNumber; a renewal's, the line renewed) and attach to the phone's cart line
      const saved = await request({
        url: '/restpp/order/insurances',
        method: 'POST',
        contentType: 'json',
        headers: { atg_phoneNumber: renewing && renewalLine ? renewalLine : phoneNumber },
        data: { insurances: chosen, skuId: sku.id },
        failurePopup: 'false',
        failureContext: 'add_to_cart',
      });
      if (!saved?.success) return fail(saved, t('product.addError.insurance'));
    }
    window.location.assign(CART_PATH);
  }

  return (
    <div className="sale-panel">
      <fieldset className="choice-group">
        <legend>{t('product.options.legend')}</legend>
        <div className="options-row">
          <label className="pill">
            <input
              type="radio"
              name="sale-option"
              value="Single"
              checked={option === 'Single'}
              onChange={() => dispatch({ type: 'choose', option: 'Single' })}
            />
            {t('product.options.single')}
          </label>
          {planSale && (
            <label className="pill" onPointerEnter={loadPlanSequence}>
              <input
                ref={withPlanRadio}
                type="radio"
                name="sale-option"
                value="EquipPlan"
                checked={option === 'EquipPlan'}
                onFocus={loadPlanSequence}
                onChange={() => dispatch({ type: 'choose', option: 'EquipPlan' })}
              />
              {t('product.options.withPlan')}
            </label>
          )}
        </div>
      </fieldset>
      {planClosed && <p role="status">{t('phonePlan.cancelled')}</p>}

      {planSale &&
        flow &&
        option === 'EquipPlan' &&
        (PlanSequence === 'loading' ? (
          <p role="status">{t('shell.loading')}</p>
        ) : PlanSequence === 'failed' ? (
          <div role="alert" className="warning">
            <p>{t('product.withPlan.loadFailed')}</p>
            <button
              type="button"
              className="button"
              onClick={() => {
                // the button gives way to 'Cargando…': focus waits on the option, where the sequence takes it
                withPlanRadio.current?.focus();
                loadPlanSequence();
              }}
            >
              {t('product.withPlan.retry')}
            </button>
          </div>
        ) : (
          <PlanSequence
            steps={steps}
            state={sale}
            dispatch={dispatch}
            flow={flow}
            blue={blue}
            phone={{ skuId: sku.id, name: planSale.name, price: sku.listPrice }}
            signedIn={planSale.signedIn}
            options={planSale.options}
            insurances={planSale.insurances}
            planPhoneNumber={planSale.planPhoneNumber}
            campaign={planSale.campaign}
            productId={planSale.productId}
          />
        ))}

      {/* before JavaScript runs the form is in the page, shown by the stylesheet once 'Solo Equipo' is chosen, and posts to the page's action */}
      {(option === 'Single' || !hydrated) && (
        <section aria-label={t('product.options.single')} className="single-sale">
          <form
            id={ADD_TO_CART_FORM}
            method="post"
            action={formAction}
            onSubmit={(e) => {
              e.preventDefault();
              void add();
            }}
          >
            <input type="hidden" name={INTENT} value="add" />
            <input type="hidden" name="skuId" value={sku.id} />
            <input type="hidden" name="quantity" value={quantity} />
            {renewing && <input type="hidden" name="renewal" value="true" />}
            {phoneNumber && <input type="hidden" name="insurancePhone" value={phoneNumber} />}
            {choosingLine && <RenewalLineChoice lines={renewalLines} chosen={renewalLine} onChoose={setRenewalLine} />}
            {insurances.length > 0 && <InsuranceOffer insurances={insurances} onChange={setInsurances} />}
            <p id="quantity-label" className="filter-label">
              <strong>{t('product.quantity')}</strong>
            </p>
            <div className="stepper" role="group" aria-labelledby="quantity-label">
              <button type="button" aria-label={t('product.quantity.less')} onClick={() => setQuantity((q) => decrementQuantity(q))}>
                −
              </button>
              <output aria-live="polite" data-testid="quantity">
                {quantity}
              </output>
              <button
                type="button"
                aria-label={t('product.quantity.more')}
                disabled={renewing && quantity >= RENEWAL_MAX_QUANTITY}
                onClick={() => setQuantity((q) => incrementQuantity(q))}
              >
                +
              </button>
            </div>
            {noEligibleLine ? (
              // no line may renew: no button the server would refuse, the reasons are shown per line above
              <p className="warning" data-testid="renewal-none">
                {t('renewal.line.none')}
              </p>
            ) : (
              <>
                <FormRefusalMessage refusal={refusal} />
                <button
                  type="submit"
                  className="button button-wide"
                  disabled={!canAdd}
                  aria-describedby={choosingLine && !renewalLine ? 'renewal-line-hint' : undefined}
                >
                  {t('product.addToCart')}
                </button>
                {choosingLine && !renewalLine && (
                  <p id="renewal-line-hint" className="field-hint">
                    {t('renewal.line.choose')}
                  </p>
                )}
              </>
            )}
          </form>
        </section>
      )}

      {errors && (
        <Modal title={t('product.addError.title')} onClose={() => setErrors(null)}>
          <ErrorList items={errors} />
          {priceChanged ? (
            // the page shows today's prices once loaded again
            <button type="button" className="button" autoFocus onClick={() => window.location.reload()}>
              {t('product.addError.reload')}
            </button>
          ) : (
            <button type="button" className="button" autoFocus onClick={() => setErrors(null)}>
              {t('shell.close')}
            </button>
          )}
        </Modal>
      )}
    </div>
  );
}

/** The customer's lines on a renewal: the eligible ones to choose from, the others disabled with why (SPEC §9). */
function RenewalLineChoice({ lines, chosen, onChoose }: { lines: RenewalLines; chosen: string | null; onChoose: (phoneNumber: string) => void }) {
  const t = useT();
  const market = useMarket();
  return (
    <fieldset className="choice-group" data-testid="renewal-lines">
      <legend>{t('renewal.line.legend')}</legend>
      {lines.lines.map((l) => {
        const why = l.message ? `renewal-why-${l.phoneNumber}` : undefined;
        return (
          <div key={l.phoneNumber} className="renewal-line">
            <label className="pill">
              <input
                type="radio"
                name="renewal-line"
                value={l.phoneNumber}
                checked={chosen === l.phoneNumber}
                disabled={!l.eligible}
                aria-describedby={why}
                onChange={() => onChoose(l.phoneNumber)}
              />
              {t('renewal.line.option', renewalTextParams(l.phoneNumber, null, market.site, market.timeZone))}
              {l.planName ? ` · ${l.planName}` : ''}
            </label>
            {why && (
              <p id={why} className="field-hint">
                {l.message}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
