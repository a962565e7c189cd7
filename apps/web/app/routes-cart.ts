import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** The cart screens' routes (paths as SPEC §2). */
export const cartRoutes: RouteConfigEntry[] = [
  route('carrito-compra', 'routes/cart/cart.tsx', { id: 'cart' }),
  route('personas/carro-compra', 'routes/cart/cart.tsx', { id: 'cart-personas' }),
  route('personas/flujo-compra/identificacion', 'routes/cart/identification.tsx', { id: 'checkout-identification' }),
  // the phone purchase's identification and insurance steps (SPEC §2 "Device and accessory sales"; decision 022)
  route('personas/producto/identificacion', 'routes/cart/identification.tsx', { id: 'product-identification' }),
  route('personas/producto/agregar-seguro', 'routes/cart/add-insurance.tsx'),
  route('personas/flujo-compra/datos-despacho', 'routes/cart/delivery.tsx'),
  route('personas/flujo-compra/detalle-pago', 'routes/cart/payment.tsx'),
  route('personas/flujo-compra/factibilidad', 'routes/cart/feasibility.tsx'),
  route('personas/flujo-compra/compra-exitosa', 'routes/cart/success.tsx'),
  route('personas/flujo-compra/compra-exitosa-puntos', 'routes/cart/success-points.tsx'),
  route('personas/flujo-compra/confirmando-pago', 'routes/cart/payment-pending.tsx'),
  route('checkout/flujo-compra', 'routes/cart/checkout-flow.tsx'),
  route('personas/sin-stock', 'routes/cart/no-stock.tsx'),
  route('checkout/confirmacion-orden', 'routes/cart/order-status.tsx'),
  // the signed-in customer's orders, among the account screens (SPEC §2 style `/personas/mientel/…`)
  route('personas/mientel/mis-pedidos', 'routes/cart/my-orders.tsx', { id: 'account-orders' }),
];
