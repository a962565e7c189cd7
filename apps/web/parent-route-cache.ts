import type { Plugin } from 'vite';

/** The lookup of React Router's `getPartialManifest` (production build, server side) that this plugin replaces. */
const LOOKUP = `  paths.forEach((path) => {
    let matches = matchRoutesImpl(
      router.routes,
      path,
      router.basename || "/",
      false,
      router.branches
    );
    if (matches) {
      matches.forEach((m) => routeIds.add(m.route.id));
    }
  });`;

const CACHED_LOOKUP = `  paths.forEach((path) => {
    for (let id of andesParentRouteIds(router, path)) routeIds.add(id);
  });`;

// a process serves one build, so a path's routes never change; any address can name new parent paths, hence the bound
const CACHE = `
var andesParentRoutes = new Map();
function andesParentRouteIds(router, path) {
  let key = (router.basename || "/") + " " + path;
  let ids = andesParentRoutes.get(key);
  if (!ids) {
    let matches = matchRoutesImpl(router.routes, path, router.basename || "/", false, router.branches);
    ids = matches ? matches.map((m) => m.route.id) : [];
    if (andesParentRoutes.size >= 1000) andesParentRoutes.clear();
    andesParentRoutes.set(key, ids);
  }
  return ids;
}
`;

/**
 * Every server render lists, for the page's lazy route discovery, the routes matching each parent path
 * of its address ("/", "/personas", "/personas/producto" …): four scans of all 110 routes on the product
 * page, a twentieth of its server time (docs/decisions/019). The answer depends on the path alone, so
 * the server build keeps it per path. The build fails if a React Router upgrade changed the code.
 */
export function parentRouteCache(): Plugin {
  return {
    name: 'andes-parent-route-cache',
    apply: 'build',
    transform(code, id) {
      if (this.environment.name !== 'ssr' || !code.includes('function getPartialManifest(')) return null;
      if (!id.includes('/react-router/dist/production/')) return null;
      if (!code.includes(LOOKUP)) this.error('react-router changed getPartialManifest: review apps/web/parent-route-cache.ts');
      return { code: code.replace(LOOKUP, CACHED_LOOKUP) + CACHE, map: null };
    },
  };
}
