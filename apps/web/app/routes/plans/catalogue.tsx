import { useEffect, useState } from 'react';
import { redirect, useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { firstMonthPrice, formatAllowance, planTerms } from '@andes/domain/plans';
import { PLAN_CATALOGUE_PAGES, planEvents } from '@andes/domain/plans-sale';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { whileBusy } from '../../lib/busy.ts';
import { Modal } from '../../ui/overlays.tsx';
import { PlanSelector } from '../../features/plans/plan-selector.tsx';
import { choosePlan, planEventItem } from '../../features/plans/journey.ts';
import { useMoney } from '../../features/cart/money.ts';
import type { Plan } from '../../features/plans/types.ts';
import '../../features/plans/plans.css';
import { messageGroups } from '../../lib/message-groups.ts';
import { pack, usePacked } from '../../lib/packed-data.ts';
import { dispatchIntent, INTENT, useFormAction, useFormRefusal } from '../../lib/form-action.ts';
import { FormRefusalMessage } from '../../ui/form-refusal.tsx';
import { contractPlan } from '../../features/plans/contract.server.ts';
import { CallbackLink } from '../../features/callback/callback-link.tsx';
import { SalesTerms } from '../../features/plans/sales-terms.tsx';
import { promotionIsCardPrice } from '@andes/domain/plan-promotion';

export const handle = messageGroups('plans');

const catalogueOf = (request: Request) => {
  const path = new URL(request.url).pathname.replace(/\/$/, '');
  return { path, page: PLAN_CATALOGUE_PAGES[path] };
};

/** The plan landing and catalogue pages (SPEC §2), server-rendered with the plans. */
export async function loader({ request, context }: LoaderArgs) {
  const { path, page } = catalogueOf(request);
  if (!page) throw new Response('Not found', { status: 404 });
  // /catalogo/postpago is Peru's address; elsewhere the market's own catalogue answers
  if (page.variant === 'all' && path !== context.market.planCatalogueHome && !path.startsWith('/personas')) throw redirect(context.market.planCatalogueHome);
  const res = await context.api<'GET /restpp/subscriber/plans'>(`/restpp/subscriber/plans?activeSimType=${page.activeSimType}`);
  if (!res.body.success) throw new Response('Plans unavailable', { status: res.status });
  return { path, ...page, plans: pack(res.body) };
}

/** POST: a card's 'Contratar' without JavaScript. */
export async function action({ request, context }: LoaderArgs) {
  const { page } = catalogueOf(request);
  if (!page) throw new Response('Not found', { status: 404 });
  return dispatchIntent(request, { contract: (fields) => contractPlan(context, fields, page) });
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => pageTitle(matches, `plans.catalogue.${data?.variant ?? 'all'}.title`);

export default function PlanCatalogue() {
  const { variant, contractPath, plans: packedPlans, path, activeSimType } = useLoaderData<typeof loader>();
  const plans = usePacked(packedPlans);
  const t = useT();
  const market = useMarket();
  const money = useMoney();
  const navigate = useNavigate();
  const [detail, setDetail] = useState<Plan | null>(null);
  const formAction = useFormAction();
  const refusal = useFormRefusal();

  useEffect(() => {
    const all = [...plans.postpaidPlans, ...plans.hybridPlans, ...plans.blue];
    track(
      planEvents.viewPlans(
        market.site,
        path,
        all.map((p) => planEventItem(p, market.currency)),
      ),
    );
  }, [market.site, market.currency, path, plans]);

  const openDetail = (plan: Plan) => {
    track(planEvents.landingClick(market.site, 'detail', plan.id));
    setDetail(plan);
  };
  // the detail's monthly price is the card's: the promotion only when its terms name this journey's lines
  const detailMonthly = detail && promotionIsCardPrice(detail.planDiscountLineKinds, activeSimType) ? firstMonthPrice(planTerms(detail)) : (detail?.price ?? 0);
  const contract = async (plan: Plan) => {
    track(planEvents.landingClick(market.site, 'contract', plan.id));
    track(planEvents.selectPlan(market.site, path, planEventItem(plan, market.currency)));
    const chosen = await whileBusy(() => choosePlan(plan.id, false, activeSimType));
    if (chosen?.success) navigate(contractPath);
  };

  return (
    <>
      <header className="hero">
        <h1>{t(`plans.catalogue.${variant}.title`)}</h1>
        <p>{t(`plans.catalogue.${variant}.intro`)}</p>
      </header>
      <section className="page" aria-label={t(`plans.catalogue.${variant}.title`)}>
        <FormRefusalMessage refusal={refusal} />
        <PlanSelector
          groups={plans}
          defaultTab={plans.defaultTab}
          selectedId={plans.selectValue}
          selectable={false}
          cardHeadingLevel={2}
          onSelect={contract}
          onMore={() => track(planEvents.landingClick(market.site, 'otherPlans', null))}
          lineKind={activeSimType}
          renderActions={(plan) => (
            <div className="plan-actions">
              <button type="button" className="button button-ghost" onClick={() => openDetail(plan)} aria-label={`${t('plans.card.detail')}: ${plan.planName}`}>
                {t('plans.card.detail')}
              </button>
              {/* posts to the page's action before JavaScript runs */}
              <form method="post" action={formAction}>
                <input type="hidden" name={INTENT} value="contract" />
                <input type="hidden" name="planId" value={plan.id} />
                <button
                  type="submit"
                  className="button"
                  onClick={(e) => {
                    e.preventDefault();
                    void contract(plan);
                  }}
                  aria-label={`${t('plans.card.contract')}: ${plan.planName}`}
                >
                  {t('plans.card.contract')}
                </button>
              </form>
              <CallbackLink source="plan" context={plan.id} about={plan.planName} />
            </div>
          )}
        />
        <p className="field-hint">{t('plans.catalogue.terms')}</p>
        <SalesTerms terms={plans.terms} />
      </section>
      {detail && (
        <Modal title={t('plans.detail.title', { plan: detail.planName })} onClose={() => setDetail(null)}>
          <dl className="plans-summary">
            <dt>{t('plans.detail.price')}</dt>
            <dd>{t('plans.card.monthly', { price: money(detailMonthly) })}</dd>
            {detailMonthly < detail.price && (
              <>
                <dt>{t('plans.detail.regularPrice')}</dt>
                <dd>{money(detail.price)}</dd>
              </>
            )}
            <dt>{t('plans.detail.group')}</dt>
            <dd>
              {t(`plans.selector.tab.${detail.customerGroup}`)} · {t(`plans.detail.type.${detail.planType === 'free' ? 'free' : 'limited'}`)}
            </dd>
            <dt>{t('plans.card.data')}</dt>
            <dd>{formatAllowance('data', detail.data, detail.isBam)}</dd>
            <dt>{t('plans.card.voice')}</dt>
            <dd>{formatAllowance('voice', detail.voice, detail.isBam)}</dd>
            <dt>{t('plans.card.sms')}</dt>
            <dd>{formatAllowance('sms', detail.sms, detail.isBam)}</dd>
            <dt>{t('plans.detail.social')}</dt>
            <dd>{detail.socialMedia.length ? detail.socialMedia.map((s) => t(`plans.social.${s}`)).join(', ') : t('plans.detail.none')}</dd>
          </dl>
          {detail.planDiscountDescription && <p className="plan-discount">{detail.planDiscountDescription}</p>}
          <SalesTerms terms={plans.terms} headingLevel={3} />
          <div className="plan-actions">
            <button type="button" className="button button-ghost" autoFocus onClick={() => setDetail(null)}>
              {t('plans.detail.close')}
            </button>
            <button type="button" className="button" onClick={() => contract(detail)}>
              {t('plans.detail.contract')}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
