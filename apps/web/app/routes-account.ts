import type { RouteConfigEntry } from '@react-router/dev/routes';

/** The account screens' routes (paths as SPEC §2). */
export const accountRoutes: RouteConfigEntry[] = [];
