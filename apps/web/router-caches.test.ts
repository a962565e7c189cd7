import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATCHES } from './router-caches.ts';

const patch = (purpose: string) => PATCHES.find((p) => p.purpose === purpose)!;

/** A patch's helper code as a function, with the React Router internals it calls given as stand-ins. */
function helperOf<F>(purpose: string, name: string, internals: Record<string, unknown>): F {
  const names = Object.keys(internals);
  return new Function(...names, `${patch(purpose).helper}\nreturn ${name};`)(...names.map((n) => internals[n])) as F;
}

describe('the caches router-caches.ts patches into React Router', () => {
  it('every patch still finds the code it replaces in the installed React Router', () => {
    const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');
    const sources = readdirSync(dist)
      .filter((f) => f.endsWith('.mjs'))
      .map((f) => readFileSync(path.join(dist, f), 'utf8'));
    for (const p of PATCHES)
      expect(
        sources.some((code) => code.includes(p.marker) && code.includes(p.find)),
        p.purpose,
      ).toBe(true);
  });

  describe('the first matching branch of an address', () => {
    type Branch = { path: string };
    const branches: Branch[] = [{ path: '/a' }, { path: '/b' }, { path: '/c' }];
    function setUp() {
      let tried = 0;
      const matchRouteBranch = (branch: Branch, decoded: string) => {
        tried += 1;
        return branch.path === decoded ? [{ route: branch, pathname: decoded }] : null;
      };
      const match = helperOf<(b: Branch[], decoded: string, partial: boolean) => unknown>('matchRoutesImpl', 'andesMatchBranch', { matchRouteBranch });
      const triesOf = (decoded: string, partial = false) => {
        const before = tried;
        const result = match(branches, decoded, partial);
        return { result, tries: tried - before };
      };
      return triesOf;
    }

    it('matches an address again with its branch alone, as new match objects', () => {
      const triesOf = setUp();
      const first = triesOf('/b');
      expect(first.tries).toBe(2);
      const again = triesOf('/b');
      expect(again.tries).toBe(1);
      expect(again.result).toEqual(first.result);
      expect(again.result).not.toBe(first.result);
      // partial matching is kept apart
      expect(triesOf('/b', true).tries).toBe(2);
    });

    it('keeps an address no branch matches as matching none', () => {
      const triesOf = setUp();
      expect(triesOf('/z')).toEqual({ result: null, tries: 3 });
      expect(triesOf('/z')).toEqual({ result: null, tries: 0 });
    });

    it('keeps no address over 512 characters, and starts again past 1,000 addresses', () => {
      const triesOf = setUp();
      const long = `/${'x'.repeat(600)}`;
      expect(triesOf(long).tries).toBe(3);
      expect(triesOf(long).tries).toBe(3);
      expect(triesOf('/c').tries).toBe(3);
      expect(triesOf('/c').tries).toBe(1);
      for (let i = 0; i < 1_000; i++) triesOf(`/new-${i}`);
      expect(triesOf('/c').tries).toBe(3);
    });
  });

  it('the routes of each parent path are kept, within the same bounds', () => {
    let scans = 0;
    const matchRoutesImpl = (_routes: unknown, p: string) => {
      scans += 1;
      return p === '/personas' ? [{ route: { id: 'root' } }, { route: { id: 'personas' } }] : null;
    };
    const idsOf = helperOf<(router: unknown, p: string) => string[]>('getPartialManifest', 'andesParentRouteIds', { matchRoutesImpl });
    const router = { routes: [], basename: '/', branches: [] };
    expect(idsOf(router, '/personas')).toEqual(['root', 'personas']);
    expect(idsOf(router, '/personas')).toEqual(['root', 'personas']);
    expect(scans).toBe(1);
    const long = `/${'y'.repeat(600)}`;
    idsOf(router, long);
    idsOf(router, long);
    expect(scans).toBe(3);
    for (let i = 0; i < 1_000; i++) idsOf(router, `/p${i}`);
    idsOf(router, '/personas');
    expect(scans).toBe(1_004);
  });
});
