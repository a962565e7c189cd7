import { useEffect, useRef, useState } from 'react';
import { redirect, useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { CheckoutStep, events } from '@andes/domain/analytics';
import { cartEvents } from '@andes/domain/analytics-shop';
import { checkoutFieldTypes, checkoutRuleSets } from '@andes/domain/checkout-validation';
import { roundForEvent } from '@andes/domain/money';
import { cartNeedsCoverage } from '@andes/domain/coverage-rules';
import { deliveryCalls } from '@andes/domain/delivery-calls';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { useForm } from '../../lib/form.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { ui } from '../../lib/ui-events.ts';
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
  const [order, regions, buyer] = await Promise.all([
    context.api<'GET /restpp/order'>('/restpp/order'),
    context.api<'GET /restpp/order/geo/regions'>('/restpp/order/geo/regions'),
    context.api<'GET /restpp/order/customer/info'>('/restpp/order/customer/info'),
  ]);
  if (!order.body.order) throw redirect('/carrito-compra');
  return {
    order: order.body.order,
    cart: order.body.shoppingCart,
    regions: order.body.success ? regions.body.regions : [],
    buyer: buyer.body.customer ?? null,
  };
}

export default function Delivery() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const navigate = useNavigate();
  const hasProvince = market.geography.level2 !== null;
  const types = checkoutFieldTypes(market);
  const calls = deliveryCalls(market);
  const [tab, setTab] = useState<'delivery' | 'storePickup'>(data.order.deliveryType ?? 'delivery');
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});
  const geo = useGeo(hasProvince);
  const [stores, setStores] = useState<Store[] | null>(null);
  const [storeId, setStoreId] = useState('');
  const [busy, setBusy] = useState(false);
  const [geoError, setGeoError] = useState<Record<string, string>>({});
  const address = useForm({
    schema: checkoutRuleSets.address(market).pick({ streetName: true, addressNumber: true, detailsAddressNumber: true }),
    market,
    fields: {
      streetName: { type: types.streetName, maxLength: 80 },
      addressNumber: { type: types.addressNumber, maxLength: 10 },
      detailsAddressNumber: { type: types.detailsAddressNumber, maxLength: 60 },
    },
  });
  const consignee = useForm({
    schema: checkoutRuleSets.consignee(market),
    market,
    fields: {
      name: { type: types.name, maxLength: 80 },
      rut: { type: types.rut, maxLength: market.document.length },
      phoneNumber: { type: types.phoneNumber, maxLength: market.phoneLength },
    },
    initial: data.buyer ? { name: data.buyer.name, rut: data.buyer.document, phoneNumber: data.buyer.phoneNumber } : undefined,
  });

  useEffect(() => track(events.checkoutStep(market.site, CheckoutStep.shipping)), [market.site]);
  useEffect(() => {
    // store list by region and commune (headers atg_regionId, atg_communeId)
    if (tab !== 'storePickup' || !geo.commune) return setStores(null);
    void request({ url: '/restpp/order/store/location', headers: { atg_regionId: geo.region, atg_communeId: geo.commune } }).then((b) =>
      setStores((b?.stores as Store[]) ?? []),
    );
  }, [tab, geo.region, geo.commune]);

  function geoErrors(): boolean {
    const errors: Record<string, string> = {};
    if (!geo.region) errors.region = 'checkout.validation.region';
    if (hasProvince && !geo.province) errors.province = 'checkout.validation.province';
    if (!geo.commune) errors.commune = 'checkout.validation.commune';
    if (tab === 'storePickup' && !storeId && geo.commune) errors.store = 'pp.error.checkout.store';
    setGeoError(errors);
    return Object.keys(errors).length > 0;
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    consignee.touchAll();
    if (tab === 'delivery') address.touchAll();
    const bad = geoErrors();
    if (bad || !consignee.canSubmit || (tab === 'delivery' && !address.canSubmit)) return;
    setBusy(true);
    ui.loading(true);
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
        ui.loading(false);
        setBusy(false);
        if (saved?.validationError) address.setServerErrors(saved.validationError);
        return;
      }
      body = { deliveryType: 'delivery', addressId: id, consignee: consignee.values };
    }
    const res = await request({ url: tab === 'delivery' ? calls.homeDelivery : calls.storePickup, method: 'POST', contentType: 'json', data: body });
    ui.loading(false);
    if (!res?.success) {
      setBusy(false);
      if (res?.validationError) consignee.setServerErrors(res.validationError);
      return;
    }
    const total = (res.order as OrderView | null)?.totalPrice ?? 0;
    track(events.checkoutStep(market.site, tab === 'delivery' ? CheckoutStep.shippingDelivery : CheckoutStep.shippingPickup, { option: tab }));
    track(cartEvents.addShippingInfo(market.site, market.currency, roundForEvent(total, market.currency), tab));
    // lines activated at the address need its coverage checked before payment
    navigate(tab === 'delivery' && cartNeedsCoverage(data.cart.items) ? '/personas/flujo-compra/factibilidad' : '/personas/flujo-compra/detalle-pago');
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
        <form onSubmit={submit} noValidate className="tabs">
          <div role="tablist" aria-label={t('checkout.delivery.tabs')}>
            {tabButton('delivery', t('checkout.delivery.home'))}
            {tabButton('storePickup', t('checkout.delivery.pickup'))}
          </div>
          <div role="tabpanel" id="delivery-panel" aria-labelledby={`tab-${tab}`}>
            <Select
              id="field-region"
              label={t('checkout.field.region')}
              value={geo.region}
              options={data.regions}
              onChange={(v) => void geo.setRegion(v)}
              error={geoError.region}
            />
            {hasProvince && (
              <Select
                id="field-province"
                label={t('checkout.field.province')}
                value={geo.province}
                options={geo.provinces}
                onChange={(v) => void geo.setProvince(v)}
                error={geoError.province}
              />
            )}
            <Select
              id="field-commune"
              label={t('checkout.field.commune')}
              value={geo.commune}
              options={geo.communes}
              onChange={geo.setCommune}
              error={geoError.commune}
            />
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
            <Field {...consignee.register('name')} label={t('checkout.field.consigneeName')} error={consignee.errorFor('name')} />
            <Field {...consignee.register('rut')} label={t('checkout.field.consigneeDocument')} error={consignee.errorFor('rut')} />
            <Field
              {...consignee.register('phoneNumber')}
              label={t('checkout.field.consigneePhone')}
              inputMode="numeric"
              error={consignee.errorFor('phoneNumber')}
            />
          </fieldset>
          <button type="submit" className="button button-wide" disabled={busy}>
            {t('checkout.continue')}
          </button>
        </form>
        <CartSummary totals={data.order} pointsUsed={data.order.pointsUsed} preview={tab} />
      </div>
    </section>
  );
}
