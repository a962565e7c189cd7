import type { Plugin, Rollup } from 'vite';

/** Vite's list of a chunk's preload files, indexed by the calls `__vite__mapDeps([…])`. */
const PRELOAD_FILES = /m\.f=(\[[^\]]*\])/;
const PRELOAD_CALL = /__vite__mapDeps\(\[([\d,]*)\]\)/g;

/**
 * React Router links every stylesheet a dynamic import also needs with a `#` after its name (its own
 * `<link>` may go on a navigation while the imported code stays), so Vite's preloader, which skips the
 * stylesheets the page already links, adds them again when the import runs: on the product page,
 * reaching for 'Equipo + plan' added shell, public and product-page stylesheets a second time (a
 * fetch, and a style pass over the whole page at the moment the customer acts), and a failed refetch
 * failed the import. A stylesheet the importing chunk needs statically is linked by the route that
 * loaded that chunk, and an import in it runs only while that route is shown, so it is dropped from the
 * import's preload list; the import's own stylesheets stay.
 */
export function staticCssPreloadedOnce(): Plugin {
  return {
    name: 'andes-static-css-preloaded-once',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // after Vite's own import analysis has written the preload lists
      order: 'post',
      handler(_options, bundle) {
        if (this.environment.name !== 'client') return;
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk') chunk.code = withoutLinkedCss(chunk, bundle);
        }
      },
    },
  };
}

/** A chunk's code with its imports' preload lists rid of the stylesheets the chunk itself needs statically. */
export function withoutLinkedCss(chunk: Rollup.OutputChunk, bundle: Rollup.OutputBundle): string {
  const list = PRELOAD_FILES.exec(chunk.code);
  if (!list) return chunk.code;
  const files = JSON.parse(list[1]!) as string[];
  const linked = staticCss(chunk, bundle);
  return chunk.code.replace(PRELOAD_CALL, (_call, indexes: string) => {
    const kept = indexes
      .split(',')
      .filter((i) => i !== '' && !linked.has(files[Number(i)]!))
      .join(',');
    return `__vite__mapDeps([${kept}])`;
  });
}

/** The stylesheets of a chunk and of every chunk it imports statically, as the preload list names them. */
function staticCss(chunk: Rollup.OutputChunk, bundle: Rollup.OutputBundle): Set<string> {
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    const c = bundle[file];
    if (seen.has(file) || c?.type !== 'chunk') return;
    seen.add(file);
    for (const sheet of c.viteMetadata?.importedCss ?? []) css.add(sheet);
    c.imports.forEach(visit);
  };
  visit(chunk.fileName);
  return css;
}
