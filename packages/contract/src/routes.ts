import { accountRoutes } from './routes/account.ts';
import { careRoutes } from './routes/care.ts';
import { journeysRoutes } from './routes/journeys.ts';
import { opsRoutes } from './routes/ops.ts';
import { partnersRoutes } from './routes/partners.ts';
import { sandboxRoutes } from './routes/sandbox.ts';
import { sessionRoutes } from './routes/session.ts';
import { shopRoutes } from './routes/shop.ts';

/**
 * Every operation of the HTTP API, keyed `METHOD /path` as the route registers it (Fastify's path
 * syntax). The server attaches each entry to its route (apps/server/src/http/contract.ts), the
 * OpenAPI document is built from them, and the web app's typed caller reads the answers' types.
 * A new route adds its entry to its area's file (docs/decisions/017).
 */
export const routes = {
  ...sessionRoutes,
  ...shopRoutes,
  ...journeysRoutes,
  ...accountRoutes,
  ...careRoutes,
  ...partnersRoutes,
  ...opsRoutes,
  ...sandboxRoutes,
};

export type Routes = typeof routes;
export type ApiRoute = keyof Routes;

const areas = {
  session: sessionRoutes,
  shop: shopRoutes,
  journeys: journeysRoutes,
  account: accountRoutes,
  care: careRoutes,
  partners: partnersRoutes,
  ops: opsRoutes,
  sandbox: sandboxRoutes,
};
export type Area = keyof typeof areas;

/** The area a route's entry is written in (its tag in the document). */
export function areaOf(key: ApiRoute): Area {
  return (Object.keys(areas) as Area[]).find((area) => Object.hasOwn(areas[area], key))!;
}
