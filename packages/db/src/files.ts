import { fileURLToPath } from 'node:url';

/** Set only by the compiled server's build (apps/server/build.mjs): where it copied this package's files. */
declare const ANDES_DB_FILES: string | undefined;

/**
 * The folder of this package's files read at run time (migrations/, data/). From the sources it is
 * the package folder; the compiled server is one file in apps/server/dist, whose build copies the
 * files beside it and names that folder, since every bundled module shares the bundle's own address.
 */
const root = typeof ANDES_DB_FILES === 'string' ? new URL(ANDES_DB_FILES, import.meta.url) : new URL('../', import.meta.url);

/** The path of one of this package's files, e.g. `migrations` or `data/cl-comunas.csv`. */
export function dbFilePath(relative: string): string {
  return fileURLToPath(new URL(relative, root));
}
