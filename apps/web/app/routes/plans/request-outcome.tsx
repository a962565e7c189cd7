import { useEffect } from 'react';
import { redirect, useLoaderData, type MetaFunction } from 'react-router';
import { events } from '@andes/domain/analytics';
import { isAcceptedOrder } from '@andes/domain/order-state';
import { PLAN_FAILURE_PAGES, plansPaths } from '@andes/domain/plans-sale';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import '../../features/cart/cart.css';
import '../../features/plans/plans.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('plans');

type Outcome = 'failure' | 'inProgress';

/** Only these keys may come back from the gateway return in the address (cart/payment.tsx reads the same). */
const RETURN_ERRORS = ['pp.error.payment.rejected', 'pp.error.payment.aborted', 'pp.error.payment.late'];

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageTitle(matches, data?.outcome === 'inProgress' ? 'plans.inProgress.title' : 'plans.failure.title');

/**
 * A plan request that failed (solicitud/fallo, lineasadicionales/error) or is still waiting for its
 * payment (encurso); an order found paid meanwhile goes to its success page.
 */
export async function loader({ request, context }: LoaderArgs) {
  const url = new URL(request.url);
  const outcome: Outcome = url.pathname.endsWith('/encurso') ? 'inProgress' : 'failure';
  const additional = url.pathname.startsWith(PLAN_FAILURE_PAGES.additionalLine.replace(/\/error$/, ''));
  const raw = url.searchParams.get('error');
  const error = raw && RETURN_ERRORS.includes(raw) ? raw : 'pp.error.payment.rejected';
  const number = url.searchParams.get('order');
  if (!number) return { outcome, order: null, error, additional };
  const res = await context.api<'GET /restpp/order/status'>(`/restpp/order/status?order=${encodeURIComponent(number)}`);
  const order = res.body.success ? res.body.order : null;
  if (order && isAcceptedOrder(order.status)) throw redirect(`${plansPaths.success}?order=${encodeURIComponent(order.number)}`);
  return { outcome, order: order ? { number: order.number, status: order.status } : null, error, additional };
}

export default function PlanRequestOutcome() {
  const { outcome, order, error, additional } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  useEffect(() => {
    if (outcome === 'failure') track(events.failure(market.site, error, additional ? 'plans-additional-line' : 'plans-request'));
  }, [market.site, outcome, error, additional]);
  if (outcome === 'inProgress') {
    return (
      <section className="page narrow">
        <h1>{t('plans.inProgress.title')}</h1>
        <p role="status">{order ? t('plans.inProgress.body', { number: order.number }) : t('plans.inProgress.none')}</p>
        <a className="button" href={order ? `/checkout/confirmacion-orden?order=${encodeURIComponent(order.number)}` : market.planCatalogueHome}>
          {order ? t('plans.success.follow') : t('plans.chosen.choose')}
        </a>
      </section>
    );
  }
  return (
    <section className="page narrow">
      <h1>{t('plans.failure.title')}</h1>
      <p role="alert">{t(additional ? 'plans.failure.additional' : 'plans.failure.body')}</p>
      <p>{t(error)}</p>
      <a className="button" href={`${plansPaths.payment}?error=${encodeURIComponent(error)}${order ? `&order=${encodeURIComponent(order.number)}` : ''}`}>
        {t('plans.failure.retry')}
      </a>
    </section>
  );
}
