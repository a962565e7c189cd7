import type { ServerBuild } from 'react-router';
import type { SiteId } from '@andes/domain/market';
import { packMessages, type PackedMessages } from '@andes/domain/message-format';
import { messagesFor, type MessageGroup } from '@andes/domain/messages';

type RouteModule = NonNullable<ServerBuild['routes'][string]>['module'];
type Loader = NonNullable<RouteModule['loader']>;

/**
 * The web build with each route's loader data carrying the message groups the route declares in its
 * `handle` (apps/web/app/lib/message-groups.ts): the page's data holds only the texts its routes use,
 * and a client-side navigation receives the next route's texts with that route's data.
 */
export function withRouteMessages(build: ServerBuild, site: SiteId): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const groups = declaredGroups(route!.module);
      if (!groups) return [id, route];
      // the browser asks the server for a route's data only when the route has a loader
      if (!route!.module.loader) throw new Error(`route ${id} declares message groups but has no loader to carry them`);
      const messages = packMessages(messagesFor(site, groups));
      return [id, { ...route!, module: { ...route!.module, loader: carrying(route!.module.loader, messages) } }];
    }),
  );
  return { ...build, routes };
}

function declaredGroups(module: RouteModule): readonly MessageGroup[] | undefined {
  const handle = module.handle as { messages?: readonly MessageGroup[] } | undefined;
  return handle?.messages?.length ? handle.messages : undefined;
}

function carrying(loader: Loader, messages: PackedMessages): Loader {
  return async (args) => {
    const result: unknown = await loader(args);
    if (isPlainObject(result)) return { ...result, messages };
    // `data(value, init)` keeps its status and headers
    if (isDataWithInit(result) && isPlainObject(result.data)) {
      result.data = { ...result.data, messages };
      return result;
    }
    // redirects and other Responses carry no page; a loader without data gets the messages alone
    return result ?? { messages };
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function isDataWithInit(value: unknown): value is { type: 'DataWithResponseInit'; data: unknown } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';
}
