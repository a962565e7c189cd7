#!/usr/bin/env node
// The dependency rule of docs/decisions/015, checked on every `npm run lint`:
// - no import cycle (value imports; `import type` is erased) in apps/server/src or apps/web/app;
// - a server module (apps/server/src/modules/<m>/) imports only its own files, http/, adapters/, the
//   process helpers (claims, periodic, secrets, metrics) and packages; its *.routes.ts and *.module.ts may also
//   take handler logic from flows/. A flow imports other modules only through their index.ts;
// - a web feature (apps/web/app/features/<f>/) imports another feature only through its public files;
// - server files are named by role: index.ts, *.service.ts, *.repo.ts, *.routes.ts, *.module.ts,
//   *.schemas.ts in a module; *.flow.ts in flows/.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const serverSrc = path.join(root, 'apps/server/src');
const webApp = path.join(root, 'apps/web/app');
const modulesDir = path.join(serverSrc, 'modules');
const flowsDir = path.join(serverSrc, 'flows');
const featuresDir = path.join(webApp, 'features');

/**
 * Imports across modules that predate the rule, each to be replaced by a flow or a registration
 * (docs/decisions/015 "What is left"). The check fails on any other, and on an entry no longer needed.
 */
const KNOWN_CROSSINGS = JSON.parse(readFileSync(path.join(import.meta.dirname, 'module-crossings.json'), 'utf8'));

/**
 * The files one web feature may take from another: its public face. A feature with an index.ts offers
 * that; the others offer the few shared pieces listed here (types of the same server answers, a shared
 * selector), until they get an index.ts.
 */
const FEATURE_PUBLIC = {
  account: ['account-data.ts'],
  cart: ['geo-fields.tsx', 'money.ts'],
  catalogue: ['insurance-offer.tsx', 'post-lines.ts', 'types.ts'],
  'phone-plan': ['phone-plan-sequence.tsx'],
  plans: ['billing-delivery.tsx', 'line-kind.tsx', 'plan-selector.tsx', 'types.ts'],
};

const MODULE_FILE = /^(index\.ts|[a-z0-9-]+\.(service|repo|routes|module|schemas)\.ts)$/;
const FLOW_FILE = /^[a-z0-9-]+\.flow\.ts$/;

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file, out);
    else if (/\.(ts|tsx)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(file);
  }
  return out;
}

const importRe = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^;]*?)\s+from\s+['"]([^'"]+)['"]/g;
const bareRe = /(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;
const dynamicRe = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The file's imports: specifier, resolved file (relative ones) and whether only types come through. */
function importsOf(file, known) {
  const src = readFileSync(file, 'utf8');
  const out = [];
  const resolve = (spec) => {
    if (!spec.startsWith('.')) return null;
    const base = path.resolve(path.dirname(file), spec);
    const tries = [
      base,
      `${base}.ts`,
      `${base}.tsx`,
      base.replace(/\.js$/, '.ts'),
      base.replace(/\.js$/, '.tsx'),
      path.join(base, 'index.ts'),
      path.join(base, 'index.tsx'),
    ];
    return tries.find((t) => known.has(t)) ?? null;
  };
  for (const m of src.matchAll(importRe)) {
    const clause = m[2].trim();
    const typeOnly =
      !!m[1] ||
      (/^\{[^}]*\}$/.test(clause) &&
        clause
          .slice(1, -1)
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .every((s) => s.startsWith('type ')));
    out.push({ spec: m[3], target: resolve(m[3]), typeOnly });
  }
  for (const m of src.matchAll(bareRe)) out.push({ spec: m[1], target: resolve(m[1]), typeOnly: false });
  for (const m of src.matchAll(dynamicRe)) out.push({ spec: m[1], target: resolve(m[1]), typeOnly: false });
  return out;
}

const rel = (file) => path.relative(root, file);
const problems = new Set();
const report = (problem) => problems.add(problem);

// ── cycles (Tarjan's strongly connected components over value imports) ─────────────────────────
function cycles(files) {
  const known = new Set(files);
  const edges = new Map(
    files.map((f) => [
      f,
      importsOf(f, known)
        .filter((i) => i.target && !i.typeOnly)
        .map((i) => i.target),
    ]),
  );
  let index = 0;
  const idx = new Map(),
    low = new Map(),
    onStack = new Set(),
    stack = [],
    found = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (edges.get(v) ?? []).includes(v)) found.push(scc);
    }
  };
  for (const f of files) if (!idx.has(f)) strong(f);
  return found;
}
for (const dir of [serverSrc, webApp]) {
  for (const scc of cycles(walk(dir))) report(`import cycle: ${scc.map(rel).sort().join(' → ')}`);
}

// ── server modules and flows ───────────────────────────────────────────────────────────────────
const serverFiles = walk(serverSrc);
const serverKnown = new Set(serverFiles);
const shared = [path.join(serverSrc, 'http') + path.sep, path.join(serverSrc, 'adapters') + path.sep];
const processHelpers = new Set(['claims.ts', 'periodic.ts', 'secrets.ts', 'metrics.ts'].map((f) => path.join(serverSrc, f)));
const moduleOf = (file) => (file.startsWith(modulesDir + path.sep) ? path.relative(modulesDir, file).split(path.sep)[0] : null);
const crossings = new Set();
for (const file of serverFiles) {
  const own = moduleOf(file);
  const inFlows = file.startsWith(flowsDir + path.sep);
  if (!own && !inFlows) continue;
  const name = path.basename(file);
  if (own && !MODULE_FILE.test(name)) report(`${rel(file)}: a module's file is index.ts or *.service.ts, *.repo.ts, *.routes.ts, *.module.ts, *.schemas.ts`);
  if (inFlows && !FLOW_FILE.test(name)) report(`${rel(file)}: a flow's file is *.flow.ts`);
  const edge = own && /\.(routes|module)\.ts$/.test(name);
  for (const { spec, target } of importsOf(file, serverKnown)) {
    if (!spec.startsWith('.')) continue;
    if (!target) continue;
    const other = moduleOf(target);
    if (shared.some((s) => target.startsWith(s)) || processHelpers.has(target)) continue;
    if (own) {
      if (other === own) continue;
      if (edge && target.startsWith(flowsDir + path.sep)) continue;
      const crossing = `${rel(file)} -> ${rel(target)}`;
      crossings.add(crossing);
      if (!KNOWN_CROSSINGS.includes(crossing))
        report(`${crossing}: a module imports only its own files, http/, adapters/ and packages; compose modules in a flow`);
      continue;
    }
    // a flow: other flows, and modules through their index.ts
    if (target.startsWith(flowsDir + path.sep)) continue;
    if (other && path.basename(target) === 'index.ts' && path.dirname(target) === path.join(modulesDir, other)) continue;
    report(`${rel(file)} -> ${rel(target)}: a flow takes a module only through its index.ts`);
  }
}
for (const known of KNOWN_CROSSINGS) {
  if (!crossings.has(known)) report(`scripts/module-crossings.json: "${known}" is gone; remove it from the list`);
}

// ── web features ───────────────────────────────────────────────────────────────────────────────
const webFiles = walk(webApp);
const webKnown = new Set(webFiles);
const featureOf = (file) => (file.startsWith(featuresDir + path.sep) ? path.relative(featuresDir, file).split(path.sep)[0] : null);
for (const file of webFiles) {
  const own = featureOf(file);
  if (!own) continue;
  for (const { target } of importsOf(file, webKnown)) {
    const other = target && featureOf(target);
    if (!other || other === own) continue;
    const inside = path.relative(path.join(featuresDir, other), target).split(path.sep).join('/');
    if (inside === 'index.ts' || inside === 'index.tsx' || (FEATURE_PUBLIC[other] ?? []).includes(inside)) continue;
    report(`${rel(file)} -> ${rel(target)}: a feature takes another feature only through its public files (index.ts, or FEATURE_PUBLIC in this script)`);
  }
}

if (problems.size) {
  console.error(`architecture (docs/decisions/015):\n${[...problems].join('\n')}`);
  process.exit(1);
}
console.log(`architecture: no import cycle; modules, flows and features keep the dependency rule (${KNOWN_CROSSINGS.length} known module crossings left)`);
