import { useLoaderData, type MetaFunction } from 'react-router';
import { plansPaths } from '@andes/domain/plans-sale';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { PlanSteps } from '../../features/plans/plan-steps.tsx';
import { CartSummary } from '../../features/cart/cart-summary.tsx';
import { LineAmounts } from '../../features/cart/line-amounts.tsx';
import { SalesTerms } from '../../features/plans/sales-terms.tsx';
import { billingChannels } from '../../features/plans/billing-channels.ts';
import type { CartItem } from '../../features/cart/types.ts';
import '../../features/cart/cart.css';
import '../../features/plans/plans.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('cart', 'plans');

type PlanLine = CartItem & { planName?: string; billing_email?: string | null; billing_msisdn?: string | null; isPortability?: boolean };

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'plans.cart.title');

/** "Carrito compra V2": the plan line as it will be ordered: the SIM paid now, the plan from the first bill. */
export async function loader({ context }: LoaderArgs) {
  const [res, terms] = await Promise.all([
    context.api<'GET /restpp/order/shoppingCart'>('/restpp/order/shoppingCart'),
    context.api<'GET /restpp/subscriber/plans/terms'>('/restpp/subscriber/plans/terms'),
  ]);
  const cart = res.body.shoppingCart;
  return {
    cart,
    line: (cart?.items.find((i) => i.type === 'plan') as PlanLine | undefined) ?? null,
    terms: terms.body.success ? terms.body.terms : [],
  };
}

export default function PlansCart() {
  const { cart, line, terms } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  if (!line) {
    return (
      <section className="page narrow">
        <h1>{t('plans.cart.title')}</h1>
        <p>{t('plans.cart.empty')}</p>
        <a className="button" href={market.planCatalogueHome}>
          {t('plans.chosen.choose')}
        </a>
      </section>
    );
  }
  const channels = billingChannels(t, line);
  return (
    <section className="page">
      <PlanSteps current="delivery" />
      <h1>{t('plans.cart.title')}</h1>
      <div className="cart-layout">
        <div>
          <h2>{line.planName ?? line.name}</h2>
          <LineAmounts line={{ ...line, unitPrice: line.price }} />
          <p className="field-hint">{t('plans.cart.monthly')}</p>
          {channels && <p>{t('plans.cart.billing', { channels })}</p>}
          <SalesTerms terms={terms} />
        </div>
        <CartSummary totals={cart} pointsUsed={cart.totalPointUsed}>
          <a className="button button-wide" href={line.isPortability ? plansPaths.originCompany : plansPaths.feasibility}>
            {t('plans.cart.continue')}
          </a>
        </CartSummary>
      </div>
    </section>
  );
}
