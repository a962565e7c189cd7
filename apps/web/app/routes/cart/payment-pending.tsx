import { useEffect } from 'react';
import { redirect, useLoaderData, useRevalidator, type MetaFunction } from 'react-router';
import { isAcceptedOrder } from '@andes/domain/order-state';
import { PAYMENT_PENDING_PAGE } from '@andes/domain/payment-methods';
import { PLAN_FAILURE_PAGES, isPlanSale, plansPaths } from '@andes/domain/plans-sale';
import { pageTitle, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import type { OrderView } from '../../features/cart/types.ts';
import '../../features/cart/cart.css';

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'checkout.pending.title');

/** How often the page reads the order again while the payment is being confirmed. */
const RECHECK_MS = 5_000;

/** Where a settled order goes: its success page, or its payment step (plan sales: the plans journey's). */
function settledPath(order: OrderView): string | null {
  const number = encodeURIComponent(order.number);
  const planSale = isPlanSale(order.lines.map((l) => l.type ?? ''));
  if (isAcceptedOrder(order.status)) return `${planSale ? plansPaths.success : '/personas/flujo-compra/compra-exitosa'}?order=${number}`;
  if (order.status === 'awaiting_payment') return null;
  return `${planSale ? PLAN_FAILURE_PAGES.newLine : '/personas/flujo-compra/detalle-pago'}?error=pp.error.payment.rejected&order=${number}`;
}

export const handle = messageGroups('cart', 'plans');

export async function loader({ request, context }: LoaderArgs) {
  const number = new URL(request.url).searchParams.get('order') ?? '';
  const res = number ? await context.api<'GET /restpp/order/status'>(`/restpp/order/status?order=${encodeURIComponent(number)}`) : null;
  const order = res?.body.success ? res.body.order : null;
  const settled = order && settledPath(order);
  if (settled) throw redirect(settled);
  return { number: order?.number ?? null };
}

/**
 * The gateway's return when the shop could not hear whether the money was taken (the commit's answer
 * was lost): the order sweep settles the payment with the gateway (cart/payment-reconcile.ts), and this
 * page reads the order again until it is paid or failed, then goes where a plain return would have.
 */
export default function PaymentPending() {
  const { number } = useLoaderData<typeof loader>();
  const t = useT();
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!number) return;
    const timer = setInterval(() => void revalidator.revalidate(), RECHECK_MS);
    return () => clearInterval(timer);
  }, [number, revalidator]);
  return (
    <section className="page narrow">
      <h1>{t('checkout.pending.title')}</h1>
      <p role="status" data-testid="payment-pending">
        {number ? t('checkout.pending.body', { number }) : t('checkout.pending.none')}
      </p>
      {number && (
        <a className="button" href={`${PAYMENT_PENDING_PAGE}?order=${encodeURIComponent(number)}`}>
          {t('checkout.pending.check')}
        </a>
      )}
    </section>
  );
}
