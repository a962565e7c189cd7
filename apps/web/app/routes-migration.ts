import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Migration to a plan, the mobile request, the customer's lines, ownership check and offers (paths as SPEC §2). */
export const migrationRoutes: RouteConfigEntry[] = [
  route('personas/migra-a-plan', 'routes/migration/select-plan.tsx', { id: 'migration-home' }),
  route('personas/migra-a-plan/seleccionar-plan', 'routes/migration/select-plan.tsx', { id: 'migration-select-plan' }),
  route('personas/migra-a-plan/pago', 'routes/migration/payment.tsx'),
  route('personas/migra-a-plan/exito', 'routes/migration/success.tsx'),
  route('personas/migra-a-plan/fallar', 'routes/migration/failure.tsx'),
  route('personas/movil/entrega', 'routes/migration/mobile-delivery.tsx'),
  route('personas/movil/confirmacion', 'routes/migration/mobile-confirmation.tsx'),
  route('personas/movil/confirmacion/fallo', 'routes/migration/mobile-failure.tsx'),
  route('personas/movil/exito', 'routes/migration/mobile-success.tsx'),
  route('personas/tus-lineas', 'routes/lines/lines.tsx'),
  route('personas/consulta-titularidad-linea', 'routes/lines/ownership.tsx'),
  route('personas/oferta-perfilada', 'routes/lines/profiled-offer.tsx'),
  route('personas/oferta-regular', 'routes/lines/regular-offer.tsx'),
];
