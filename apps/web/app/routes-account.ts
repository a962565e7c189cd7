import { type RouteConfigEntry, route } from '@react-router/dev/routes';

/**
 * The account screens' routes (paths as SPEC §2). `/mi{product}/…` paths take the brand from the
 * BRAND setting, so their first segment is dynamic (`:mi`) and the loader 404s any other value.
 */
export const accountRoutes: RouteConfigEntry[] = [
  route(':mi/mi-cuenta', 'routes/account/home.tsx', { id: 'account-home' }),
  route(':mi/mis-bolsas', 'routes/account/bags.tsx', { id: 'account-my-bags' }),
  route(':mi/mis-tickets', 'routes/account/tickets.tsx', { id: 'account-tickets' }),
  route(':mi/crear-ticket', 'routes/account/ticket-create.tsx', { id: 'account-ticket-create' }),
  route(':mi/confirmacion-ticket', 'routes/account/ticket-confirmation.tsx', { id: 'account-ticket-confirmation' }),
  route(':mi/informacion-personal', 'routes/account/personal-data.tsx', { id: 'account-personal' }),
  route('personas/mientel/mi-perfil/mis-datos', 'routes/account/personal-data.tsx', { id: 'account-my-data' }),
  route('personas/mientel/notificacion', 'routes/account/notifications.tsx', { id: 'account-notifications' }),
  route('personas/mientel/recargas', 'routes/account/topups.tsx', { id: 'account-topups' }),
  route('personas/mientel/recargas/puntos', 'routes/account/topups.tsx', { id: 'account-topups-points' }),
  route('personas/mientel/recargas/:recargas', 'routes/account/topups.tsx', { id: 'account-topups-brand' }),
  route(':mi/:zona/canje-recarga', 'routes/account/topups.tsx', { id: 'account-redeem-topup' }),
  route(':mi/:zona/canje-bolsas', 'routes/account/bags.tsx', { id: 'account-redeem-bags' }),
  route('personas/mientel/bolsas', 'routes/account/bags.tsx', { id: 'account-bags' }),
  route('personas/mientel/bolsas/inmediatas', 'routes/account/bags.tsx', { id: 'account-bags-immediate' }),
  route('personas/mientel/bolsas/recurrentes', 'routes/account/bags.tsx', { id: 'account-bags-recurring' }),
  route('personas/mientel/bolsas/viajero', 'routes/account/bags.tsx', { id: 'account-bags-traveller' }),
  route('personas/mientel/consumo', 'routes/account/consumption.tsx', { id: 'account-consumption' }),
  route('personas/mientel/consumo-detalle', 'routes/account/consumption.tsx', { id: 'account-consumption-detail' }),
  route('personas/mientel/boleta', 'routes/account/bills.tsx', { id: 'account-bills' }),
  route('personas/mientel/mis-pagos/resumen/detalle', 'routes/account/payments.tsx', { id: 'account-payments' }),
  route('personas/mientel/puntos/detalle', 'routes/account/points.tsx', { id: 'account-points' }),
  route('personas/mientel/beneficios', 'routes/account/benefits.tsx', { id: 'account-benefits' }),
  route('personas/mientel/beneficios/descuentos', 'routes/account/benefits.tsx', { id: 'account-benefits-discounts' }),
  route('personas/mientel/beneficios/canjes', 'routes/account/benefits.tsx', { id: 'account-benefits-redemptions' }),
  route('personas/mientel/beneficios/historico_puntos', 'routes/account/benefits.tsx', { id: 'account-benefits-history' }),
  route(':mi/canje-bonos', 'routes/account/bonuses.tsx', { id: 'account-bonuses' }),
  route('personas/mientel/mi-equipo', 'routes/account/equipment.tsx', { id: 'account-equipment' }),
  route('personas/mientel/equipo/bloqueo', 'routes/account/device-block.tsx', { id: 'device-block' }),
  route('personas/mientel/equipo/desbloqueo', 'routes/account/device-unblock.tsx', { id: 'device-unblock' }),
  route('personas/mientel/equipo/cambio-chip', 'routes/account/sim-change.tsx', { id: 'device-sim-change' }),
  route('personas/mientel/equipo/renovacion-equipo', 'routes/account/device-renewal.tsx', { id: 'device-renewal' }),
  route('personas/mientel/suspension-temporal', 'routes/account/suspension.tsx', { id: 'account-suspension' }),
  route('personas/mientel/mi-perfil', 'routes/account/profile.tsx', { id: 'account-profile' }),
  route('personas/mientel/ayuda-soporte', 'routes/account/support.tsx', { id: 'account-support' }),
  route('personas/mientel/solicitudes', 'routes/account/requests.tsx', { id: 'account-requests' }),
];
