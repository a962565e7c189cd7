import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** The captive portal's host (SPEC §2 "Captive portal on a separate host"; decision 023): the server answers these on that host only. */
export const captiveRoutes: RouteConfigEntry[] = [
  route('activacionpost', 'routes/captive/activation.tsx'),
  route('activacionpost/confirmacion', 'routes/captive/activation-confirmation.tsx'),
  route('activacionpost/error', 'routes/captive/activation-error.tsx'),
  route('roamingpostbolsas', 'routes/captive/roaming.tsx'),
  route('roamingpostbolsas/confirmacion', 'routes/captive/roaming-confirmation.tsx'),
  route('roamingpostbolsas/error', 'routes/captive/roaming-error.tsx'),
];
