import { createHash } from 'node:crypto';
import type { ServerBuild } from 'react-router';
import type { WebContext } from '@andes/contract/caller';
import type { SiteId } from '@andes/domain/market';
import { packMessages, SERVER_TEXTS, type MessageTexts } from '@andes/domain/message-format';
import { messagesFor, type MessageGroup } from '@andes/domain/messages';

type RouteModule = NonNullable<ServerBuild['routes'][string]>['module'];
type Loader = NonNullable<RouteModule['loader']>;

/** Where the texts files are served (web/routes.ts): immutable, their name carries their content's hash. */
export const TEXTS_PATH = '/assets/texts/';

/** One route's texts in the three forms they travel in (message-format.ts). */
interface RouteTexts {
  texts: MessageTexts;
  packed: string;
  file: string;
}

export interface WebBuildWithTexts {
  build: ServerBuild;
  /** The texts files by name (`cl-<hash>.json`): JSON texts, several routes may share one. */
  textFiles: ReadonlyMap<string, string>;
}

/**
 * The web build with each route's loader data carrying the message groups the route declares in its
 * `handle` (apps/web/app/lib/message-groups.ts): a page holds only the texts its routes use, and a
 * client-side navigation receives the next route's texts with that route's data.
 */
export function withRouteMessages(build: ServerBuild, site: SiteId): WebBuildWithTexts {
  const textFiles = new Map<string, string>();
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const groups = declaredGroups(route!.module);
      if (!groups) return [id, route];
      // the browser asks the server for a route's data only when the route has a loader
      if (!route!.module.loader) throw new Error(`route ${id} declares message groups but has no loader to carry them`);
      const texts = messagesFor(site, groups);
      const packed = packMessages(texts);
      const name = `${site}-${createHash('sha256').update(packed).digest('hex').slice(0, 16)}.json`;
      textFiles.set(name, packed);
      const loader = carrying(route!.module.loader, { texts, packed, file: `${TEXTS_PATH}${name}` });
      return [id, { ...route!, module: { ...route!.module, loader } }];
    }),
  );
  return { build: { ...build, routes }, textFiles };
}

function declaredGroups(module: RouteModule): readonly MessageGroup[] | undefined {
  const handle = module.handle as { messages?: readonly MessageGroup[] } | undefined;
  return handle?.messages?.length ? handle.messages : undefined;
}

function carrying(loader: Loader, route: RouteTexts): Loader {
  return async (args) => {
    const result: unknown = await loader(args);
    // a client-side navigation's data carries the texts; a document names their file (message-format.ts)
    const ref = (args.context as Partial<WebContext> | undefined)?.textsInline ? route.packed : route.file;
    const withTexts = (data: Record<string, unknown>) => ({ ...data, messages: ref, [SERVER_TEXTS]: route.texts });
    if (isPlainObject(result)) return withTexts(result);
    // `data(value, init)` keeps its status and headers
    if (isDataWithInit(result) && isPlainObject(result.data)) {
      result.data = withTexts(result.data);
      return result;
    }
    // redirects and other Responses carry no page; a loader without data gets the texts alone
    return result ?? withTexts({});
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function isDataWithInit(value: unknown): value is { type: 'DataWithResponseInit'; data: unknown } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';
}
