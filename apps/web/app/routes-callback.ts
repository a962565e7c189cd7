import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Lead appointments (SPEC §1 "lead appointments to customer service"; decision 026): book one, and the SMS link's page. */
export const callbackRoutes: RouteConfigEntry[] = [
  route('personas/agenda-llamada', 'routes/callback/appointment.tsx'),
  route('personas/agenda-llamada/cita/:token', 'routes/callback/manage.tsx'),
];
