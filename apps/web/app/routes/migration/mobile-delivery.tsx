import { useEffect, useMemo, useState } from 'react';
import { Link, redirect, useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { CheckoutStep } from '@andes/domain/analytics';
import { checkoutFieldTypes } from '@andes/domain/checkout-validation';
import { mobileEvents, mobileInputs, MOBILE_PATHS } from '@andes/domain/migration-mobile';
import type { FieldErrors } from '@andes/domain/validation';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { useForm } from '../../lib/form.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { holdBusy } from '../../lib/busy.ts';
import { Field } from '../../ui/field.tsx';
import { GeoSelect, useGeo } from '../../features/cart/geo-fields.tsx';
import { MobileSteps } from '../../features/migration/mobile-steps.tsx';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('cart', 'migration');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'mobile.delivery.title');

/** `entrega`: needs a chosen plan; a signed-in customer's contact data comes filled in. */
export async function loader({ context }: LoaderArgs) {
  const [selected, regions, contact] = await Promise.all([
    context.api<'GET /restpp/order/select/plan'>('/restpp/order/select/plan'),
    context.api<'GET /restpp/order/geo/regions'>('/restpp/order/geo/regions'),
    context.api<'GET /restpp/order/customer/info'>('/restpp/order/customer/info'),
  ]);
  const plan = selected.body.selectedPlan;
  if (!plan) throw redirect('/personas/oferta-regular');
  return { plan, regions: regions.body.regions ?? [], contact: contact.body.customer ?? null };
}

const TEXT_FIELDS = { name: true, document: true, email: true, phoneNumber: true, streetName: true, addressNumber: true, detailsAddressNumber: true } as const;

export default function MobileDelivery() {
  const { plan, regions, contact } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const navigate = useNavigate();
  const hasProvince = market.geography.level2 !== null;
  const geo = useGeo(hasProvince);
  const [geoErrors, setGeoErrors] = useState<FieldErrors>({});
  const types = checkoutFieldTypes(market);
  const schema = useMemo(() => mobileInputs.delivery(market).pick(TEXT_FIELDS), [market]);
  const form = useForm({
    schema,
    market,
    fields: {
      name: { type: types.name, maxLength: 80 },
      document: { type: types.document, maxLength: market.document.length },
      email: { type: types.email, maxLength: 80 },
      phoneNumber: { type: 'numeric', maxLength: 9 },
      streetName: { type: types.streetName, maxLength: 80 },
      addressNumber: { type: types.addressNumber, maxLength: 10 },
      detailsAddressNumber: { type: types.detailsAddressNumber, maxLength: 60 },
    },
    initial: { name: contact?.name ?? '', document: contact?.document ?? '', email: contact?.email ?? '', phoneNumber: contact?.contactPhone ?? '' },
  });
  useEffect(() => track(mobileEvents.step(market.site, CheckoutStep.shippingDelivery, plan.id)), [market.site, plan.id]);
  const placed = !!geo.region && !!geo.commune && (!hasProvince || !!geo.province);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    form.touchAll();
    if (!form.canSubmit || !placed) return;
    const release = holdBusy();
    const body = await request({
      url: '/restpp/mobile/delivery',
      method: 'POST',
      contentType: 'json',
      data: { ...form.values, region: geo.region, province: geo.province, commune: geo.commune },
    });
    if (body?.success) {
      navigate(MOBILE_PATHS.confirmation);
      release();
      return;
    }
    release();
    if (body?.validationError) {
      form.setServerErrors(body.validationError);
      setGeoErrors(body.validationError);
    }
  }

  const field = (name: keyof typeof TEXT_FIELDS, label: string, extra: Record<string, string> = {}) => (
    <Field {...form.register(name)} label={label} error={form.errorFor(name)} {...extra} />
  );

  return (
    <section className="page" aria-labelledby="mobile-delivery">
      <MobileSteps current="delivery" />
      <h1 id="mobile-delivery">{t('mobile.delivery.title')}</h1>
      <p>{t('mobile.delivery.intro')}</p>
      <p>
        <strong data-testid="mobile-plan">{t('mobile.delivery.plan', { plan: plan.planName })}</strong> ·{' '}
        <Link to="/personas/oferta-regular">{t('mobile.delivery.changePlan')}</Link>
      </p>
      <form onSubmit={submit} noValidate>
        <fieldset>
          <legend>{t('mobile.delivery.you')}</legend>
          {field('name', t('checkout.field.name'), { autoComplete: 'name' })}
          {field('document', market.document.label)}
          {field('email', t('checkout.field.email'), { type: 'email', autoComplete: 'email' })}
          {field('phoneNumber', t('checkout.field.phone'), { inputMode: 'numeric', autoComplete: 'tel-national' })}
        </fieldset>
        <fieldset>
          <legend>{t('mobile.delivery.address')}</legend>
          <GeoSelect
            id="field-region"
            label={t('checkout.field.region')}
            value={geo.region}
            options={regions}
            onChange={(v) => void geo.setRegion(v)}
            error={geoErrors.region?.[0]}
          />
          {hasProvince && (
            <GeoSelect
              id="field-province"
              label={t('checkout.field.province')}
              value={geo.province}
              options={geo.provinces}
              onChange={(v) => void geo.setProvince(v)}
              error={geoErrors.province?.[0]}
            />
          )}
          <GeoSelect
            id="field-commune"
            label={t('checkout.field.commune')}
            value={geo.commune}
            options={geo.communes}
            onChange={geo.setCommune}
            error={geoErrors.commune?.[0]}
          />
          {field('streetName', t('checkout.field.street'), { autoComplete: 'address-line1' })}
          {field('addressNumber', t('checkout.field.number'))}
          {field('detailsAddressNumber', t('checkout.field.details'), { autoComplete: 'address-line2' })}
        </fieldset>
        <button type="submit" className="button" disabled={!form.canSubmit || !placed}>
          {t('checkout.continue')}
        </button>
      </form>
    </section>
  );
}
