import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { withoutLinkedCss } from './dynamic-import-css.ts';

/** A chunk as the bundle holds it: its code, its static imports and the stylesheets it needs. */
function chunk(fileName: string, imports: string[], css: string[], code = ''): Rollup.OutputChunk {
  return { type: 'chunk', fileName, imports, code, viteMetadata: { importedCss: new Set(css), importedAssets: new Set() } } as unknown as Rollup.OutputChunk;
}

describe('the preload lists of dynamic imports', () => {
  const files = ['assets/seq.js', 'assets/shell.js', 'assets/shell.css', 'assets/page.css', 'assets/seq.css', 'assets/other.css'];
  const code = `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=${JSON.stringify(files)})))=>i.map(i=>d[i]);
a(()=>import('./seq.js'),__vite__mapDeps([0,1,2,3,4]));b(()=>import('./x.js'),__vite__mapDeps([5,2]));`;
  const importer = chunk('assets/route.js', ['assets/page.js'], [], code);
  const bundle: Rollup.OutputBundle = {
    'assets/route.js': importer,
    'assets/page.js': chunk('assets/page.js', ['assets/shell.js'], ['assets/page.css']),
    'assets/shell.js': chunk('assets/shell.js', [], ['assets/shell.css']),
    'assets/seq.js': chunk('assets/seq.js', ['assets/shell.js'], ['assets/seq.css']),
  };

  it("drop the stylesheets the importing chunk already needs, through its static imports, and keep the import's own", () => {
    const out = withoutLinkedCss(importer, bundle);
    expect(out).toContain('__vite__mapDeps([0,1,4])');
    expect(out).toContain('__vite__mapDeps([5])');
    // the list of files itself is left as it was: the calls index it
    expect(out).toContain(JSON.stringify(files));
  });

  it('leave a chunk without dynamic imports as it is', () => {
    const plain = chunk('assets/plain.js', [], ['assets/shell.css'], 'export const x = 1;');
    expect(withoutLinkedCss(plain, bundle)).toBe('export const x = 1;');
  });
});
