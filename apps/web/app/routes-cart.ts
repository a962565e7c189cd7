import type { RouteConfigEntry } from '@react-router/dev/routes';

/** The cart screens' routes (paths as SPEC §2). */
export const cartRoutes: RouteConfigEntry[] = [];
