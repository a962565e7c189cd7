import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** SPEC §2 "Chip activation under /personas/activacion-chip/" (decision 025): the new-number and the port journeys. */
export const activationRoutes: RouteConfigEntry[] = [
  route('personas/activacion-chip/numero-nuevo/datos-personales/feasibility', 'routes/activation/start.tsx', { id: 'activation-new-start' }),
  route('personas/activacion-chip/numero-nuevo/activar-plan', 'routes/activation/plan.tsx', { id: 'activation-new-plan' }),
  route('personas/activacion-chip/numero-nuevo/pagar-plan', 'routes/activation/pay.tsx', { id: 'activation-new-pay' }),
  route('personas/activacion-chip/numero-nuevo/activacion-exitosa', 'routes/activation/success.tsx', { id: 'activation-new-done' }),
  route('personas/activacion-chip/portar-plan/datos-personales', 'routes/activation/start.tsx', { id: 'activation-port-start' }),
  route('personas/activacion-chip/portar-plan/datos', 'routes/activation/port.tsx', { id: 'activation-port-data' }),
  route('personas/activacion-chip/portar-plan/factibilidad', 'routes/activation/port.tsx', { id: 'activation-port-feasibility' }),
  route('personas/activacion-chip/portar-plan/compania-origen', 'routes/activation/port.tsx', { id: 'activation-port-origin' }),
  route('personas/activacion-chip/portar-plan/compania', 'routes/activation/port.tsx', { id: 'activation-port-company' }),
  route('personas/activacion-chip/portar-plan/adjuntar-img', 'routes/activation/documents.tsx', { id: 'activation-port-images' }),
  route('personas/activacion-chip/portar-plan/cod-seguridad', 'routes/activation/code.tsx', { id: 'activation-port-code' }),
  route('personas/activacion-chip/portar-plan/activar-plan', 'routes/activation/plan.tsx', { id: 'activation-port-plan' }),
  route('personas/activacion-chip/portar-plan/pagar-plan', 'routes/activation/pay.tsx', { id: 'activation-port-pay' }),
  route('personas/activacion-chip/portar-plan/activacion-exitosa', 'routes/activation/success.tsx', { id: 'activation-port-done' }),
];
