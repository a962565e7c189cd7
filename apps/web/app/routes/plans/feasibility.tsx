import { useEffect, useState } from 'react';
import { redirect, useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { CheckoutStep, events } from '@andes/domain/analytics';
import { plansPaths } from '@andes/domain/plans-sale';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { whileBusy } from '../../lib/busy.ts';
import { PlanSteps } from '../../features/plans/plan-steps.tsx';
import { planFlowFields } from '../../features/plans/journey-flow.ts';
import { AreaPicker, type AreaValue } from '../../features/plans/area-picker.tsx';
import '../../features/cart/cart.css';
import '../../features/plans/plans.css';
import { messageGroups } from '../../lib/message-groups.ts';
import type { Answer } from '@andes/contract/caller';

export const handle = messageGroups('cart', 'plans');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'plans.feasibility.title');

/** "Factibilidad": the line needs mobile coverage where it will be used, checked before the order. */
export async function loader({ context }: LoaderArgs) {
  const [cart, regions] = await Promise.all([
    context.api<'GET /restpp/order/shoppingCart'>('/restpp/order/shoppingCart'),
    context.api<'GET /restpp/order/geo/regions'>('/restpp/order/geo/regions'),
  ]);
  const plan = cart.body.shoppingCart?.items.find((i) => i.type === 'plan');
  if (!plan) throw redirect(plansPaths.cart);
  return {
    regions: regions.body.regions ?? [],
    isPortability: !!(plan as { isPortability?: boolean }).isPortability,
    signedIn: !!cart.body.shoppingCart.status?.signedIn,
  };
}

type Coverage = Answer<'POST /restpp/coverage/v1/validate'>['coverage'];

export default function PlansFeasibility() {
  const { regions, isPortability, signedIn } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const navigate = useNavigate();
  const [area, setArea] = useState<AreaValue | null>(null);
  const [covered, setCovered] = useState<{ technology: string; commune: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(
    () => track(events.checkoutStep(market.site, CheckoutStep.shipping, { ...planFlowFields(signedIn, isPortability), screen: 'feasibility' })),
    [market.site, signedIn, isPortability],
  );

  async function check(e: React.FormEvent) {
    e.preventDefault();
    if (!area) return;
    setBusy(true);
    setCovered(null);
    const res = await request({
      url: '/restpp/coverage/v1/validate',
      method: 'POST',
      contentType: 'json',
      data: { region: area.region, province: area.province || undefined, commune: area.commune },
    });
    setBusy(false);
    const coverage = res?.coverage as Coverage | undefined;
    if (!res?.success || !coverage) return;
    if (coverage.covered) setCovered({ technology: coverage.technology ?? '', commune: area.communeName });
    else navigate(`${plansPaths.alternative}?comuna=${encodeURIComponent(area.communeName)}`);
  }

  async function proceed() {
    setBusy(true);
    const created = await whileBusy(() => request({ url: '/restpp/order/create', failurePopup: 'false' }));
    if (created?.success) navigate(plansPaths.delivery);
    else navigate(typeof created?.redirectRUL === 'string' ? created.redirectRUL : '/carrito-compra');
  }

  return (
    <section className="page narrow">
      <PlanSteps current="delivery" />
      <h1>{t('plans.feasibility.title')}</h1>
      <p>{t('plans.feasibility.intro')}</p>
      <form onSubmit={check} noValidate>
        <AreaPicker
          regions={regions}
          onChange={(v) => {
            setArea(v);
            setCovered(null);
          }}
        />
        <button type="submit" className="button" disabled={!area || busy}>
          {t('plans.feasibility.check')}
        </button>
      </form>
      <div aria-live="polite">
        {covered && (
          <>
            <p className="notice-success">{t('plans.feasibility.covered', { technology: covered.technology, commune: covered.commune })}</p>
            <button type="button" className="button button-wide" disabled={busy} onClick={proceed}>
              {t('plans.feasibility.continue')}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
