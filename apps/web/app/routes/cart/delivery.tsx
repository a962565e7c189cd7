import { useEffect, useRef, useState } from 'react';
import { redirect, useActionData, useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { CheckoutStep, events } from '@andes/domain/analytics';
import { cartEvents } from '@andes/domain/analytics-shop';
import { checkoutRuleSets } from '@andes/domain/checkout-validation';
import { roundForEvent } from '@andes/domain/money';
import { cartNeedsCoverage } from '@andes/domain/coverage-rules';
import { deliveryCalls } from '@andes/domain/delivery-calls';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { useForm } from '../../lib/form.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { useBusyFlag, whileBusy } from '../../lib/busy.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { dispatchIntent, INTENT, useFormAction, type FormFields } from '../../lib/form-action.ts';
import { FormRefusalMessage } from '../../ui/form-refusal.tsx';
import { areaLists, chooseArea, deliverHome, type DeliveryPosted } from '../../features/cart/checkout-forms.server.ts';
import { CHECKOUT_PATHS, checkoutFieldSpecs } from '../../features/cart/checkout-fields.ts';
import type { FieldErrors } from '@andes/domain/validation';
import { Field } from '../../ui/field.tsx';
import { CheckoutSteps } from '../../features/cart/steps.tsx';
import { GeoSelect as Select, useGeo } from '../../features/cart/geo-fields.tsx';
import { CartSummary } from '../../features/cart/cart-summary.tsx';
import type { OrderView } from '../../features/cart/types.ts';
import '../../features/cart/cart.css';
import { messageGroups } from '../../lib/message-groups.ts';
import type { Answer } from '@andes/contract/caller';

export const handle = messageGroups('cart');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'checkout.delivery.title');

type Store = Answer<'GET /restpp/order/store/location'>['stores'][number];

export async function loader({ context }: LoaderArgs) {
  const [order, regions, buyer, addresses] = await Promise.all([
    context.api<'GET /restpp/order'>('/restpp/order'),
    context.api<'GET /restpp/order/geo/regions'>('/restpp/order/geo/regions'),
    context.api<'GET /restpp/order/customer/info'>('/restpp/order/customer/info'),
    context.api<'GET /restpp/order/delivery/address'>('/restpp/order/delivery/address'),
  ]);
  if (!order.body.order) throw redirect(CHECKOUT_PATHS.cart);
  const shipping = order.body.shoppingCart.shippingInfo;
  // back from a later step: the form shows the address and the consignee already chosen
  const address = (addresses.body.success ? addresses.body.addresses : []).find((a) => a.id === shipping.addressId);
  const consignee = shipping.consignee;
  const saved: FormFields = {
    ...(address
      ? {
          region: address.region,
          province: address.province,
          commune: address.commune,
          streetName: address.streetName,
          addressNumber: address.addressNumber,
          detailsAddressNumber: address.detailsAddressNumber,
        }
      : {}),
    ...(consignee ? { 'consignee.name': consignee.name, 'consignee.rut': consignee.rut, 'consignee.phoneNumber': consignee.phoneNumber } : {}),
  };
  const { provinces, communes, ...area } = await areaLists(context, saved);
  return {
    order: order.body.order,
    cart: order.body.shoppingCart,
    regions: order.body.success ? regions.body.regions : [],
    buyer: buyer.body.customer ?? null,
    saved: { ...saved, ...area } as FormFields,
    storeId: shipping.storeId,
    provinces,
    communes,
  };
}

/** POST: home delivery without JavaScript (the address pickers' lists come with "Ver comunas"), the same rules and calls as the page. */
export async function action({ request, context }: LoaderArgs) {
  const current = await context.api<'GET /restpp/order'>('/restpp/order');
  if (!current.body.order) throw redirect(CHECKOUT_PATHS.cart);
  const needsCoverage = cartNeedsCoverage(current.body.shoppingCart.items);
  return dispatchIntent(request, {
    area: (fields) => chooseArea(context, fields),
    deliver: (fields) => deliverHome(context, fields, needsCoverage),
  });
}

/** The address pickers, whose messages the page keeps itself (a server's refusal of them is about one choice). */
const GEO_FIELDS = ['region', 'province', 'commune'] as const;

export default function Delivery() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData() as DeliveryPosted | undefined;
  const t = useT();
  const market = useMarket();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const formAction = useFormAction();
  const hasProvince = market.geography.level2 !== null;
  const specs = checkoutFieldSpecs(market);
  const calls = deliveryCalls(market);
  const [tab, setTab] = useState<'delivery' | 'storePickup'>(data.order.deliveryType ?? 'delivery');
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});
  const start: FormFields = posted?.fields ?? data.saved;
  const geo = useGeo(hasProvince, {
    region: start.region ?? '',
    province: start.province ?? '',
    commune: start.commune ?? '',
    provinces: posted?.provinces ?? data.provinces,
    communes: posted?.communes ?? data.communes,
  });
  const [stores, setStores] = useState<Store[] | null>(null);
  const [storeId, setStoreId] = useState(data.storeId ?? '');
  const [busy, setBusy] = useBusyFlag();
  // after a try to go on, the pickers' own messages follow what is chosen now (fixed: gone)
  const [geoTried, setGeoTried] = useState(false);
  const [geoServerErrors, setGeoServerErrors] = useState<FieldErrors>(() => pickErrors(posted?.fieldErrors, GEO_FIELDS));
  const address = useForm({
    schema: checkoutRuleSets.address(market).pick({ streetName: true, addressNumber: true, detailsAddressNumber: true }),
    market,
    fields: specs.address,
    initial: start,
    initialErrors: pickErrors(posted?.fieldErrors, ['streetName', 'addressNumber', 'detailsAddressNumber']),
  });
  const consignee = useForm({
    schema: checkoutRuleSets.consignee(market),
    market,
    fields: specs.consignee,
    initial:
      start['consignee.name'] !== undefined
        ? { name: start['consignee.name'], rut: start['consignee.rut'], phoneNumber: start['consignee.phoneNumber'] }
        : data.buyer
          ? { name: data.buyer.name, rut: data.buyer.document, phoneNumber: data.buyer.phoneNumber }
          : undefined,
    initialErrors: unprefixed(posted?.fieldErrors, 'consignee.'),
  });

  useEffect(() => track(events.checkoutStep(market.site, CheckoutStep.shipping)), [market.site]);
  useEffect(() => {
    // store list by region and commune (headers atg_regionId, atg_communeId)
    if (tab !== 'storePickup' || !geo.commune) return setStores(null);
    void request({ url: '/restpp/order/store/location', headers: { atg_regionId: geo.region, atg_communeId: geo.commune } }).then((b) =>
      setStores((b?.stores as Store[]) ?? []),
    );
  }, [tab, geo.region, geo.commune]);

  const geoError: Record<string, string | undefined> = {
    region: geoServerErrors.region?.[0] ?? (geoTried && !geo.region ? 'checkout.validation.region' : undefined),
    province: geoServerErrors.province?.[0] ?? (geoTried && hasProvince && !geo.province ? 'checkout.validation.province' : undefined),
    commune: geoServerErrors.commune?.[0] ?? (geoTried && !geo.commune ? 'checkout.validation.commune' : undefined),
    store: geoTried && tab === 'storePickup' && !storeId && geo.commune ? 'pp.error.checkout.store' : undefined,
  };
  const geoComplete = !!geo.region && (!hasProvince || !!geo.province) && !!geo.commune && (tab !== 'storePickup' || !!storeId);
  /** A picker changed: its server message was about the old choice (and those below it went with it). */
  const picked = (...names: string[]) => setGeoServerErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([k]) => !names.includes(k))));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    consignee.touchAll();
    if (tab === 'delivery') address.touchAll();
    setGeoTried(true);
    if (!geoComplete || !consignee.canSubmit || (tab === 'delivery' && !address.canSubmit)) return;
    setBusy(true);
    // the overlay lasts until the next page shows, or until the answer keeps the customer here
    await whileBusy(async () => {
      let body: Record<string, unknown> = { deliveryType: 'storePickup', storeId, consignee: consignee.values };
      if (tab === 'delivery') {
        const saved = await request({
          url: calls.saveAddress,
          method: 'POST',
          contentType: 'json',
          data: { region: geo.region, province: geo.province, commune: geo.commune, ...address.values },
        });
        const id = (saved?.address as { id?: number } | undefined)?.id;
        if (!saved?.success || !id) {
          setBusy(false);
          if (saved?.validationError) {
            address.setServerErrors(saved.validationError);
            setGeoServerErrors(pickErrors(saved.validationError, GEO_FIELDS));
          }
          return;
        }
        body = { deliveryType: 'delivery', addressId: id, consignee: consignee.values };
      }
      const res = await request({ url: tab === 'delivery' ? calls.homeDelivery : calls.storePickup, method: 'POST', contentType: 'json', data: body });
      if (!res?.success) {
        setBusy(false);
        if (res?.validationError) consignee.setServerErrors(res.validationError);
        return;
      }
      const total = (res.order as OrderView | null)?.totalPrice ?? 0;
      track(events.checkoutStep(market.site, tab === 'delivery' ? CheckoutStep.shippingDelivery : CheckoutStep.shippingPickup, { option: tab }));
      track(cartEvents.addShippingInfo(market.site, market.currency, roundForEvent(total, market.currency), tab));
      // lines activated at the address need its coverage checked before payment
      await navigate(tab === 'delivery' && cartNeedsCoverage(data.cart.items) ? CHECKOUT_PATHS.feasibility : CHECKOUT_PATHS.payment);
    });
  }

  function onTabKey(e: React.KeyboardEvent) {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const next = tab === 'delivery' ? 'storePickup' : 'delivery';
    setTab(next);
    tabs.current[next]?.focus();
  }

  const tabButton = (key: 'delivery' | 'storePickup', label: string) => (
    <button
      type="button"
      role="tab"
      id={`tab-${key}`}
      ref={(el) => {
        tabs.current[key] = el;
      }}
      aria-selected={tab === key}
      aria-controls="delivery-panel"
      tabIndex={tab === key ? 0 : -1}
      className="button button-ghost"
      // the stores of a commune are listed by the page itself: without JavaScript only home delivery is offered
      disabled={key === 'storePickup' && !hydrated && tab !== key}
      onClick={() => setTab(key)}
      onKeyDown={onTabKey}
    >
      {label}
    </button>
  );

  return (
    <section className="page">
      <CheckoutSteps current="delivery" />
      <h1>{t('checkout.delivery.title')}</h1>
      <div className="cart-layout">
        <form method="post" action={formAction} onSubmit={submit} noValidate className="tabs">
          <FormRefusalMessage
            refusal={posted?.error && !Object.keys(posted.fieldErrors ?? {}).length ? { error: posted.error, fields: posted.fields } : undefined}
          />
          <div role="tablist" aria-label={t('checkout.delivery.tabs')}>
            {tabButton('delivery', t('checkout.delivery.home'))}
            {tabButton('storePickup', t('checkout.delivery.pickup'))}
          </div>
          <div role="tabpanel" id="delivery-panel" aria-labelledby={`tab-${tab}`}>
            <Select
              id="field-region"
              name="region"
              label={t('checkout.field.region')}
              value={geo.region}
              options={data.regions}
              onChange={(v) => {
                picked('region', 'province', 'commune');
                void geo.setRegion(v);
              }}
              error={geoError.region}
            />
            {hasProvince && (
              <Select
                id="field-province"
                name="province"
                label={t('checkout.field.province')}
                value={geo.province}
                options={geo.provinces}
                onChange={(v) => {
                  picked('province', 'commune');
                  void geo.setProvince(v);
                }}
                error={geoError.province}
              />
            )}
            <Select
              id="field-commune"
              name="commune"
              label={t('checkout.field.commune')}
              value={geo.commune}
              options={geo.communes}
              onChange={(v) => {
                picked('commune');
                geo.setCommune(v);
              }}
              error={geoError.commune}
            />
            {/* without JavaScript the lists under a region come from the server */}
            {!hydrated && (
              <button type="submit" name={INTENT} value="area" className="button button-ghost area-lists" formNoValidate>
                {t('checkout.delivery.showAreas')}
              </button>
            )}
            {tab === 'delivery' ? (
              <>
                <Field
                  {...address.register('streetName')}
                  label={t('checkout.field.street')}
                  autoComplete="address-line1"
                  error={address.errorFor('streetName')}
                />
                <Field {...address.register('addressNumber')} label={t('checkout.field.number')} error={address.errorFor('addressNumber')} />
                <Field
                  {...address.register('detailsAddressNumber')}
                  label={t('checkout.field.details')}
                  autoComplete="address-line2"
                  error={address.errorFor('detailsAddressNumber')}
                />
              </>
            ) : (
              stores && (
                <fieldset aria-live="polite">
                  <legend>{t('checkout.pickup.store')}</legend>
                  {stores.length === 0 && <p>{t('checkout.pickup.none')}</p>}
                  <ul className="store-list">
                    {stores.map((s) => (
                      <li key={s.id}>
                        <label>
                          <input type="radio" name="store" value={s.id} checked={storeId === s.id} onChange={() => setStoreId(s.id)} />
                          <span>
                            <strong>{s.name}</strong>, {s.address}. {t('checkout.pickup.hours', { hours: s.openingHours })}
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                  {geoError.store && (
                    <p className="field-error" role="alert">
                      * {t(geoError.store)}
                    </p>
                  )}
                </fieldset>
              )
            )}
          </div>
          <fieldset>
            <legend>{t('checkout.consignee.title')}</legend>
            <Field {...consignee.register('name')} name="consignee.name" label={t('checkout.field.consigneeName')} error={consignee.errorFor('name')} />
            <Field {...consignee.register('rut')} name="consignee.rut" label={t('checkout.field.consigneeDocument')} error={consignee.errorFor('rut')} />
            <Field
              {...consignee.register('phoneNumber')}
              name="consignee.phoneNumber"
              label={t('checkout.field.consigneePhone')}
              inputMode="numeric"
              error={consignee.errorFor('phoneNumber')}
            />
          </fieldset>
          <button type="submit" name={INTENT} value="deliver" className="button button-wide" disabled={busy}>
            {t('checkout.continue')}
          </button>
        </form>
        <CartSummary totals={data.order} pointsUsed={data.order.pointsUsed} preview={tab} />
      </div>
    </section>
  );
}

function pickErrors(errors: FieldErrors | undefined, names: readonly string[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors ?? {}).filter(([k]) => names.includes(k)));
}

function unprefixed(errors: FieldErrors | undefined, prefix: string): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors ?? {})
      .filter(([k]) => k.startsWith(prefix))
      .map(([k, v]) => [k.slice(prefix.length), v]),
  );
}
