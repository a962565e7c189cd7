import type { Plugin } from 'vite';

/**
 * Caches in React Router's production build (server side) for work it repeats on every page render
 * though the answer depends only on the build or on the address path (docs/decisions/019). Each patch
 * names the exact code it replaces: the build fails if a React Router upgrade changed it.
 */
interface Patch {
  /** What the patch is for, in the build error. */
  purpose: string;
  /** A function only the file to patch defines. */
  marker: string;
  find: string;
  replace: string;
  /** Code added at the end of the file. */
  helper: string;
}

export const PATCHES: Patch[] = [
  {
    // the routes matching each parent path of the address ("/", "/personas", "/personas/producto" …),
    // listed for lazy route discovery: four scans of all the routes on the product page, a twentieth of
    // its server time. Any address can name new parent paths, hence the bounds (1,000 paths of up to 512
    // characters).
    purpose: 'getPartialManifest',
    marker: 'function getPartialManifest(',
    find: `  paths.forEach((path) => {
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
  });`,
    replace: `  paths.forEach((path) => {
    for (let id of andesParentRouteIds(router, path)) routeIds.add(id);
  });`,
    helper: `
var andesParentRoutes = new Map();
function andesParentRouteIds(router, path) {
  let key = (router.basename || "/") + " " + path;
  let ids = andesParentRoutes.get(key);
  if (!ids) {
    let matches = matchRoutesImpl(router.routes, path, router.basename || "/", false, router.branches);
    ids = matches ? matches.map((m) => m.route.id) : [];
    if (key.length <= 512) {
      if (andesParentRoutes.size >= 1000) andesParentRoutes.clear();
      andesParentRoutes.set(key, ids);
    }
  }
  return ids;
}
`,
  },
  {
    // the route tree of every route of the app, rebuilt by each render from the build's manifest and
    // modules, which a process never changes (keyed by the manifest's routes object)
    purpose: 'ServerRouter',
    marker: 'function ServerRouter(',
    find: `  let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`,
    replace: `  let routes = andesServerRoutes(manifest, routeModules, context);`,
    helper: `
var andesServerRouteTrees = new WeakMap();
function andesServerRoutes(manifest, routeModules, context) {
  let routes = andesServerRouteTrees.get(manifest.routes);
  if (!routes) {
    routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);
    andesServerRouteTrees.set(manifest.routes, routes);
  }
  return routes;
}
`,
  },
  {
    // the data routes the static router converts that tree into, once per tree (read-only while rendering)
    purpose: 'createStaticRouter',
    marker: 'function createStaticRouter(',
    find: `  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`,
    replace: `  let { manifest, dataRoutes } = andesStaticDataRoutes(routes);`,
    helper: `
var andesStaticDataRouteTrees = new WeakMap();
function andesStaticDataRoutes(routes) {
  let converted = andesStaticDataRouteTrees.get(routes);
  if (!converted) {
    let manifest = {};
    converted = { manifest, dataRoutes: convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest) };
    andesStaticDataRouteTrees.set(routes, converted);
  }
  return converted;
}
`,
  },
  {
    // which of the ~200 ranked route branches an address matches first: every match tried each branch in
    // turn (a regular expression per segment), twice or more per render, a sixth of a page's server
    // time. The branches are fixed per build, so the index found for a path is kept and only that branch
    // is matched again (fresh match objects: callers may change them). Long paths and the 1,000th new
    // path are not kept, so no address can grow the cache without bound.
    purpose: 'matchRoutesImpl',
    marker: 'function matchRoutesImpl(',
    find: `  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(
      branches[i],
      decoded,
      allowPartial
    );
  }
  return matches;`,
    replace: `  let decoded = decodePath(pathname);
  return andesMatchBranch(branches, decoded, allowPartial);`,
    helper: `
var andesBranchIndexes = new WeakMap();
function andesMatchBranch(branches, decoded, allowPartial) {
  let known = andesBranchIndexes.get(branches);
  if (!known) {
    known = new Map();
    andesBranchIndexes.set(branches, known);
  }
  let key = (allowPartial ? "p" : "f") + decoded;
  let index = known.get(key);
  if (index !== undefined) return index < 0 ? null : matchRouteBranch(branches[index], decoded, allowPartial);
  let matches = null;
  let i = 0;
  for (; matches == null && i < branches.length; ++i) matches = matchRouteBranch(branches[i], decoded, allowPartial);
  if (key.length <= 512) {
    if (known.size >= 1000) known.clear();
    known.set(key, matches == null ? -1 : i - 1);
  }
  return matches;
}
`,
  },
];

export function routerCaches(): Plugin {
  return {
    name: 'andes-router-caches',
    apply: 'build',
    transform(code, id) {
      if (this.environment.name !== 'ssr' || !id.includes('/react-router/dist/production/')) return null;
      const patches = PATCHES.filter((p) => code.includes(p.marker));
      if (patches.length === 0) return null;
      let patched = code;
      for (const patch of patches) {
        if (!patched.includes(patch.find)) this.error(`react-router changed ${patch.purpose}: review apps/web/router-caches.ts`);
        patched = patched.replace(patch.find, patch.replace) + patch.helper;
      }
      return { code: patched, map: null };
    },
  };
}
