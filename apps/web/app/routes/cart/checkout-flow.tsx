import { redirect, useLoaderData, type MetaFunction } from 'react-router';
import { cartEvents } from '@andes/domain/analytics-shop';
import { roundForEvent } from '@andes/domain/money';
import { cartNeedsCoverage } from '@andes/domain/coverage-rules';
import type { WebContext } from '@andes/contract/caller';
import { identificationPath } from '@andes/domain/phone-purchase';
import { pageTitle, useMarket, useRootData, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { holdBusy, useBusyFlag } from '../../lib/busy.ts';
import { CartSummary } from '../../features/cart/cart-summary.tsx';
import { analyticsItems } from '../../features/cart/money.ts';
import { RenewalFor } from '../../features/cart/renewal-for.tsx';
import type { Cart, OrderView } from '../../features/cart/types.ts';
import '../../features/cart/cart.css';
import { messageGroups } from '../../lib/message-groups.ts';
import { LineAmounts, LineName } from '../../features/cart/line-amounts.tsx';

export const handle = messageGroups('cart', 'phonePlan');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'checkout.flow.title');

const STEP = {
  cart: '/carrito-compra',
  portability: '/personas/planesV2/compania-origenV2',
  noStock: '/personas/sin-stock',
  delivery: '/personas/flujo-compra/datos-despacho',
  feasibility: '/personas/flujo-compra/factibilidad',
  payment: '/personas/flujo-compra/detalle-pago',
  follow: '/checkout/confirmacion-orden',
} as const;

/**
 * The step the cart and its order are at (SPEC §4 "Cart to payment"): throws the redirect to it, or
 * answers the cart when the next step is creating the order. Only reads: the coverage question records
 * nothing.
 */
async function checkoutStep(context: WebContext, number: string | null): Promise<{ cart: Cart; order: OrderView | null }> {
  if (number) {
    const placed = await context.api<'GET /restpp/order/status'>(`/restpp/order/status?order=${encodeURIComponent(number)}`);
    if (placed.body.success && placed.body.order.status !== 'created') throw redirect(`${STEP.follow}?order=${encodeURIComponent(number)}`);
  }
  const current = await context.api<'GET /restpp/order'>('/restpp/order');
  const cart = current.body.shoppingCart;
  if (!cart?.items.length) throw redirect(STEP.cart);
  if (!cart.status.registrationReady) throw redirect(identificationPath(cart.items));
  if (cart.isPortability && !cart.status.portabilityReady) throw redirect(STEP.portability);
  if (cart.issues.length) throw redirect(STEP.noStock);
  return { cart, order: current.body.order };
}

/** Where an open order goes next: delivery data, the coverage check of a line's address, or payment. */
async function orderStep(context: WebContext, cart: Cart, order: OrderView): Promise<never> {
  if (!order.deliveryType) throw redirect(STEP.delivery);
  if (order.deliveryType === 'delivery' && cartNeedsCoverage(cart.items)) {
    const checked = await context.api<'POST /restpp/coverage/v1/validate'>('/restpp/coverage/v1/validate', {
      method: 'POST',
      body: { addressId: cart.shippingInfo.addressId },
    });
    if (!checked.body.success || !checked.body.coverage.covered) throw redirect(STEP.feasibility);
  }
  throw redirect(STEP.payment);
}

/**
 * GET /checkout/flujo-compra: the checkout's entry sends the visitor to the step the cart is at, and
 * changes nothing (a cross-site link cannot create an order). A cart ready for its order shows the
 * page below, whose form creates it. `?order=` of a placed order goes to its follow-up page.
 */
export async function loader({ request, context }: LoaderArgs) {
  const { cart, order } = await checkoutStep(context, new URL(request.url).searchParams.get('order'));
  if (order) return orderStep(context, cart, order);
  return { cart };
}

/**
 * POST /checkout/flujo-compra (the page token in `f__key__`, checked by the server like every state
 * change): creates the order when the cart is ready for it and goes on to its next step. It is the
 * cart's "Ir a pagar" before JavaScript runs. A failure is kept in the session and shown once by the
 * cart (SPEC §8).
 */
export async function action({ context }: LoaderArgs) {
  const { cart } = await checkoutStep(context, null);
  // one order per cart version: an open order of this cart is answered again, one of an older version gives way
  const created = await context.api<'GET /restpp/order/create'>('/restpp/order/create');
  if (!created.body.success) throw redirect(created.body.response?.redirectRUL ?? STEP.cart);
  return orderStep(context, cart, created.body.order);
}

/** A cart ready for its order: what it holds and the form that creates the order (with or without JavaScript). */
export default function CheckoutFlow() {
  const { cart } = useLoaderData<typeof loader>();
  const { csrfToken } = useRootData();
  const t = useT();
  const market = useMarket();
  const [busy, setBusy] = useBusyFlag();
  return (
    <section className="page">
      <h1>{t('checkout.flow.title')}</h1>
      <p>{t('checkout.flow.intro')}</p>
      <div className="cart-layout">
        <div>
          <h2>{t('cart.lines')}</h2>
          <ul>
            {cart.items.map((i) => (
              <li key={i.id}>
                <LineName line={i} />
                <RenewalFor line={i} />
                <LineAmounts line={{ ...i, unitPrice: i.price }} />
              </li>
            ))}
          </ul>
          <a href={STEP.cart}>{t('checkout.flow.back')}</a>
        </div>
        <CartSummary totals={cart} pointsUsed={cart.totalPointUsed}>
          <form
            method="post"
            action={`/checkout/flujo-compra?f__key__=${encodeURIComponent(csrfToken)}`}
            onSubmit={() => {
              // the browser posts the form itself; this only reports the step and shows the wait
              track(
                cartEvents.beginCheckout(
                  market.site,
                  market.currency,
                  roundForEvent(cart.totalPrice, market.currency),
                  analyticsItems(market.currency, cart.items),
                ),
              );
              setBusy(true);
              // the browser leaves with the post: the page's change (or its return from the back-forward cache) ends this
              holdBusy();
            }}
          >
            <button type="submit" className="button button-wide" disabled={busy}>
              {t('checkout.flow.continue')}
            </button>
          </form>
        </CartSummary>
      </div>
    </section>
  );
}
