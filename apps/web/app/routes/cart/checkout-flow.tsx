import { redirect } from 'react-router';
import { cartNeedsCoverage } from '@andes/domain/coverage-rules';
import type { LoaderArgs } from '../../lib/root-data.ts';
import type { Cart, OrderView } from '../../features/cart/types.ts';

const STEP = {
  cart: '/carrito-compra',
  identification: '/personas/flujo-compra/identificacion',
  portability: '/personas/planesV2/compania-origenV2',
  noStock: '/personas/sin-stock',
  delivery: '/personas/flujo-compra/datos-despacho',
  feasibility: '/personas/flujo-compra/factibilidad',
  payment: '/personas/flujo-compra/detalle-pago',
  follow: '/checkout/confirmacion-orden',
} as const;

/**
 * /checkout/flujo-compra: the checkout's entry. It sends the visitor to the step the cart and its
 * order are at (SPEC §4 "Cart to payment"), creating the order when the cart is ready for it, so it
 * also works as the cart's pay button without JavaScript. `?order=` of a placed order goes to its
 * follow-up page.
 */
export async function loader({ request, context }: LoaderArgs) {
  const number = new URL(request.url).searchParams.get('order');
  if (number) {
    const placed = await context.api<{ order: OrderView }>(`/restpp/order/status?order=${encodeURIComponent(number)}`);
    if (placed.body.success && placed.body.order.status !== 'created') throw redirect(`${STEP.follow}?order=${encodeURIComponent(number)}`);
  }
  const current = await context.api<{ order: OrderView | null; shoppingCart: Cart }>('/restpp/order');
  const cart = current.body.shoppingCart;
  if (!cart?.items.length) throw redirect(STEP.cart);
  if (!cart.status.registrationReady) throw redirect(STEP.identification);
  if (cart.isPortability && !cart.status.portabilityReady) throw redirect(STEP.portability);
  if (cart.issues.length) throw redirect(STEP.noStock);
  let order = current.body.order;
  if (!order) {
    // a failure is kept in the session and shown once by the cart (SPEC §8)
    const created = await context.api<{ order: OrderView; redirectRUL?: string }>('/restpp/order/create');
    if (!created.body.success) throw redirect(created.body.redirectRUL ?? STEP.cart);
    order = created.body.order;
  }
  if (!order.deliveryType) throw redirect(STEP.delivery);
  if (order.deliveryType === 'delivery' && cartNeedsCoverage(cart.items)) {
    const checked = await context.api<{ coverage: { covered: boolean } }>('/restpp/coverage/v1/validate', { method: 'POST', body: { addressId: cart.shippingInfo.addressId } });
    if (!checked.body.success || !checked.body.coverage.covered) throw redirect(STEP.feasibility);
  }
  throw redirect(STEP.payment);
}
