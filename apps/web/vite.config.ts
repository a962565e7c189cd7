import { createRequire } from 'node:module';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { chunkGroups } from './chunk-groups.ts';
import { staticCssPreloadedOnce } from './dynamic-import-css.ts';
import { precompress } from './precompress.ts';
import { routerCaches } from './router-caches.ts';

// React Router publishes a production build beside the development one, but its package exports name only
// the development build, whose developer warnings (and their texts) run on the server and ship to every
// phone; both builds use the production one (docs/decisions/019).
const routerDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), precompress(), routerCaches(), staticCssPreloadedOnce()],
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: path.join(routerDist, 'index.mjs') },
      { find: /^react-router\/dom$/, replacement: path.join(routerDist, 'dom-export.mjs') },
    ],
  },
  build: {
    target: 'es2022',
    rolldownOptions: {
      // building a Zod schema has no side effect: a page that imports a domain module for its
      // constants or helpers does not carry the module's request schemas (nor Zod) when it never parses
      treeshake: { manualPureFunctions: ['z'] },
      output: isSsrBuild ? undefined : { codeSplitting: { groups: chunkGroups } },
    },
  },
  // The server bundle renders with React's production build whatever NODE_ENV the server runs under:
  // React, its renderer and the router are bundled in (one copy of each) with NODE_ENV fixed, because
  // React picks its development build at run time from NODE_ENV, which the server leaves for its own
  // settings. The development build tripled the CPU time of every page (docs/decisions/010).
  ...(isSsrBuild
    ? { ssr: { noExternal: ['react', 'react-dom', 'react-router', 'scheduler'] }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
}));
