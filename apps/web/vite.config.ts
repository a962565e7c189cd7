import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), precompress()],
  build: {
    target: 'es2022',
    rolldownOptions: {
      // building a Zod schema has no side effect: a page that imports a domain module for its
      // constants or helpers does not carry the module's request schemas (nor Zod) when it never parses
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
  // The server bundle renders with React's production build whatever NODE_ENV the server runs under:
  // React, its renderer and the router are bundled in (one copy of each) with NODE_ENV fixed, because
  // React picks its development build at run time from NODE_ENV, which the server leaves for its own
  // settings. The development build tripled the CPU time of every page (docs/decisions/010).
  ...(isSsrBuild ? { ssr: { noExternal: ['react', 'react-dom', 'react-router', 'scheduler'] }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
}));
