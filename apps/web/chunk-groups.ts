import type { ChunkingContext } from 'rolldown';

/**
 * How the browser build groups modules into files (docs/decisions/011). Rolldown would make a chunk of every
 * set of modules that the same routes share: on a public page a dozen files of a few hundred bytes, each
 * compressed on its own (gzip starts every file with an empty dictionary), which cost more than a KB of the
 * 120 KB budget of issue 12. Three groups instead:
 * - `shell`: what the root route imports, which every page loads;
 * - `public`: helpers two or more public pages (home, product list, product page, plan catalogue) load;
 * - `product-page`: the product page's other helpers that another route shares (the cart, the renewal).
 * A group takes its modules' dependencies along, so a helper joins `public` or `product-page` only when all it
 * imports is in the shell or in the same group: Zod or an account-only helper must never come with it.
 */
const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx$/;
const ROUTE_MODULE = /[\\/]app[\\/](root\.tsx|routes[\\/])/;
const PRODUCT_PAGE = /[\\/]app[\\/]routes[\\/]catalogue[\\/]product\.tsx$/;
const PUBLIC_PAGES = [
  /[\\/]app[\\/]routes[\\/]home\.tsx$/,
  /[\\/]app[\\/]routes[\\/]catalogue[\\/]list\.tsx$/,
  PRODUCT_PAGE,
  /[\\/]app[\\/]routes[\\/]plans[\\/]catalogue\.tsx$/,
];

type Name = (id: string, ctx: ChunkingContext) => string | null;

const shell: Name = (id, ctx) => (!ROUTE_MODULE.test(id) && reaches(id, ROOT_ROUTE, ctx, new Set()) ? 'shell' : null);

const publicHelpers: Name = (id, ctx) => (joins(id, ctx, (m) => publicPagesReaching(m, ctx) >= 2, new Map()) ? 'public' : null);

const productHelpers: Name = (id, ctx) =>
  joins(id, ctx, (m) => publicPagesReaching(m, ctx) === 1 && reaches(m, PRODUCT_PAGE, ctx, new Set()), new Map()) ? 'product-page' : null;

/** Earlier groups take a module first. */
export const chunkGroups = [
  { name: shell, priority: 3 },
  { name: publicHelpers, priority: 2 },
  { name: productHelpers, priority: 1 },
];

/** Whether an app module (not a route) meets `wanted` and all it imports is in the shell or joins too. */
function joins(id: string, ctx: ChunkingContext, wanted: (id: string) => boolean, known: Map<string, boolean>): boolean {
  const answer = known.get(id);
  if (answer !== undefined) return answer;
  known.set(id, true); // an import cycle among candidates does not disqualify them
  const info = ctx.getModuleInfo(id);
  const ok =
    !!info &&
    !ROUTE_MODULE.test(id) &&
    !/node_modules/.test(id) &&
    shell(id, ctx) === null &&
    wanted(id) &&
    info.importedIds.every((dep) => shell(dep, ctx) !== null || joins(dep, ctx, wanted, known));
  known.set(id, ok);
  return ok;
}

function publicPagesReaching(id: string, ctx: ChunkingContext): number {
  return PUBLIC_PAGES.filter((page) => reaches(id, page, ctx, new Set())).length;
}

/** Whether a route module matching `route` imports the module, directly or through static imports. */
function reaches(id: string, route: RegExp, ctx: ChunkingContext, seen: Set<string>): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  const info = ctx.getModuleInfo(id);
  if (!info) return false;
  return info.importers.some((importer) => route.test(importer) || (!ROUTE_MODULE.test(importer) && reaches(importer, route, ctx, seen)));
}
