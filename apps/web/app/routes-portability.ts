import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Portability, identity validation and credit check screens (paths as SPEC §2). */
export const portabilityRoutes: RouteConfigEntry[] = [
  route('personas/planes/portabilidad', 'routes/portability/landing.tsx'),
  route('personas/planes/portabilidad/solicitud/exito', 'routes/portability/outcome.tsx', { id: 'portability-success' }),
  route('personas/planes/portabilidad/error', 'routes/portability/outcome.tsx', { id: 'portability-error' }),
  route('personas/planes/portabilidad/encurso', 'routes/portability/outcome.tsx', { id: 'portability-in-progress' }),
  route('personas/planesV2/compania-origenV2', 'routes/portability/company.tsx'),
  route('personas/planesV2/cod-seguridadV2', 'routes/portability/code.tsx'),
  route('personas/planesV2/validacion-portabilidad', 'routes/portability/status.tsx'),
  route('personas/planesV2/validacion-identidad', 'routes/portability/identity.tsx'),
  route('personas/planesV2/equipo-financiamiento', 'routes/portability/financing.tsx'),
  route('personas/equipos/lineas/solicitud', 'routes/portability/credit-request.tsx'),
  route('personas/equipos/lineas/solicitud/generic-error', 'routes/portability/credit-result.tsx', { id: 'credit-generic-error' }),
  route('personas/equipos/lineas/solicitud/rejected-credit', 'routes/portability/credit-result.tsx', { id: 'credit-rejected' }),
  route('personas/equipos/lineas/solicitud/equipment-error', 'routes/portability/credit-result.tsx', { id: 'credit-equipment-error' }),
];
