import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

export default defineConfig({
  plugins: [reactRouter(), precompress()],
  build: {
    target: 'es2022',
    rolldownOptions: {
      // building a Zod schema has no side effect: a page that imports a domain module for its
      // constants or helpers does not carry the module's request schemas (nor Zod) when it never parses
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
