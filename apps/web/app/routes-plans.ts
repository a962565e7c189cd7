import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/**
 * The plan sale screens' routes (paths as SPEC §2). Delivery and payment reuse the checkout's own
 * pages (their step names are the plans checkout's: Entrega, Resumen de compra).
 */
export const plansRoutes: RouteConfigEntry[] = [
  route('catalogo/postpago', 'routes/plans/catalogue.tsx', { id: 'plans-catalogue-pe' }),
  route('personas/catalogo/postpago', 'routes/plans/catalogue.tsx', { id: 'plans-catalogue' }),
  route('personas/catalogo/postpago/linea-nueva', 'routes/plans/catalogue.tsx', { id: 'plans-catalogue-new-line' }),
  route('personas/catalogo/postpago/migra', 'routes/plans/catalogue.tsx', { id: 'plans-catalogue-migration' }),
  route('personas/catalogo/postpago/renovacion', 'routes/plans/catalogue.tsx', { id: 'plans-catalogue-renewal' }),
  // /personas/planes (first journey)
  route('personas/planes/identificacion', 'routes/plans/identification.tsx', { id: 'plans-identification' }),
  route('personas/planes/tuplan', 'routes/plans/your-plan.tsx'),
  route('personas/planes/solicitud/exito', 'routes/plans/success.tsx', { id: 'plans-request-success' }),
  route('personas/planes/solicitud/fallo', 'routes/plans/request-outcome.tsx', { id: 'plans-request-failure' }),
  route('personas/planes/lineasadicionales', 'routes/plans/additional-lines.tsx'),
  route('personas/planes/lineasadicionales/solicitud/exito', 'routes/plans/success.tsx', { id: 'plans-additional-success' }),
  route('personas/planes/lineasadicionales/error', 'routes/plans/request-outcome.tsx', { id: 'plans-additional-error' }),
  route('personas/planes/lineasadicionales/encurso', 'routes/plans/request-outcome.tsx', { id: 'plans-additional-in-progress' }),
  // /personas/planesV2 (main path)
  route('personas/planesV2/identificacionV2', 'routes/plans/identification.tsx', { id: 'plans-identification-v2' }),
  route('personas/planesV2/keep-identificacionV2', 'routes/plans/keep-identification.tsx'),
  route('personas/planesV2/recibir-boleta', 'routes/plans/billing.tsx'),
  route('personas/planesV2/carrito-comparV2', 'routes/plans/plans-cart.tsx'),
  route('personas/planesV2/factibilidadV2', 'routes/plans/feasibility.tsx'),
  route('personas/planesV2/oferta-alternativa', 'routes/plans/alternative.tsx'),
  route('personas/planesV2/datos-despacho', 'routes/cart/delivery.tsx', { id: 'plans-delivery' }),
  route('personas/planesV2/payment', 'routes/cart/payment.tsx', { id: 'plans-payment' }),
  route('personas/planesV2/success', 'routes/plans/success.tsx', { id: 'plans-success' }),
];
