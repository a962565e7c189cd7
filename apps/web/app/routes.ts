import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { catalogueRoutes } from './routes-catalogue.ts';
import { cartRoutes } from './routes-cart.ts';
import { accountRoutes } from './routes-account.ts';
import { portabilityRoutes } from './routes-portability.ts';
import { phonePlanRoutes } from './routes-phone-plan.ts';
import { plansRoutes } from './routes-plans.ts';
import { migrationRoutes } from './routes-migration.ts';
import { claimsRoutes } from './routes-claims.ts';
import { captiveRoutes } from './routes-captive.ts';
import { callbackRoutes } from './routes-callback.ts';
import { activationRoutes } from './routes-activation.ts';

/** URL paths exactly as SPEC §2; each capability lists its own in routes-<capability>.ts. */
export default [
  index('routes/home.tsx'),
  route('inicio-sesion', 'routes/login.tsx', { id: 'login' }),
  route('hogar/inicio-sesion', 'routes/login.tsx', { id: 'home-login' }),
  route('personas/sesion-expirada', 'routes/session-expired.tsx'),
  route('personas/recuperar-clave', 'routes/password-recovery.tsx'),
  route('personas/creacion-clave', 'routes/unique-password.tsx'),
  route('personas/mientel/mi-perfil/cambiar-clave', 'routes/password-change.tsx'),
  route('tiendas', 'routes/stores.tsx'),
  route('ayuda', 'routes/help.tsx'),
  ...catalogueRoutes,
  ...cartRoutes,
  ...accountRoutes,
  ...portabilityRoutes,
  ...phonePlanRoutes,
  ...plansRoutes,
  ...migrationRoutes,
  ...claimsRoutes,
  ...captiveRoutes,
  ...callbackRoutes,
  ...activationRoutes,
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
