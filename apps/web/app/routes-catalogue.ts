import type { RouteConfigEntry } from '@react-router/dev/routes';

/** The catalogue screens' routes (paths as SPEC §2). */
export const catalogueRoutes: RouteConfigEntry[] = [];
