import { useEffect } from 'react';
import { redirect, useLoaderData, type MetaFunction } from 'react-router';
import { events } from '@andes/domain/analytics';
import { PLAN_CATALOGUE_HOME, plansPaths } from '@andes/domain/plans-sale';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import type { OrderView } from '../../features/cart/types.ts';
import '../../features/cart/cart.css';
import '../../features/plans/plans.css';

type Outcome = 'failure' | 'inProgress';

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => pageTitle(matches, data?.outcome === 'inProgress' ? 'plans.inProgress.title' : 'plans.failure.title');

/**
 * A plan request that failed (solicitud/fallo, lineasadicionales/error) or is still waiting for its
 * payment (encurso); an order found paid meanwhile goes to its success page.
 */
export async function loader({ request, context }: LoaderArgs) {
  const url = new URL(request.url);
  const outcome: Outcome = url.pathname.endsWith('/encurso') ? 'inProgress' : 'failure';
  const number = url.searchParams.get('order');
  if (!number) return { outcome, order: null };
  const res = await context.api<{ order: OrderView }>(`/restpp/order/status?order=${encodeURIComponent(number)}`);
  const order = res.body.success ? res.body.order : null;
  if (order?.status === 'paid') throw redirect(`${plansPaths.success}?order=${encodeURIComponent(order.number)}`);
  return { outcome, order: order ? { number: order.number, status: order.status } : null };
}

export default function PlanRequestOutcome() {
  const { outcome, order } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  useEffect(() => {
    if (outcome === 'failure') track(events.failure(market.site, 'pp.error.payment.rejected', 'plans-request'));
  }, [market.site, outcome]);
  if (outcome === 'inProgress') {
    return (
      <section className="page narrow">
        <h1>{t('plans.inProgress.title')}</h1>
        <p role="status">{order ? t('plans.inProgress.body', { number: order.number }) : t('plans.inProgress.none')}</p>
        <a className="button" href={order ? `/checkout/confirmacion-orden?order=${encodeURIComponent(order.number)}` : PLAN_CATALOGUE_HOME[market.site]}>
          {order ? t('plans.success.follow') : t('plans.chosen.choose')}
        </a>
      </section>
    );
  }
  return (
    <section className="page narrow">
      <h1>{t('plans.failure.title')}</h1>
      <p role="alert">{t('plans.failure.body')}</p>
      <a className="button" href={plansPaths.payment}>
        {t('plans.failure.retry')}
      </a>
    </section>
  );
}
