#!/usr/bin/env node
// Fails when the web app imports server or database code (it reaches data only through the HTTP API),
// or takes more than types from the API contract: its schemas are the server's, the web ships no copy.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web/app');
// `import type` / `export type` only: the contract's types are erased at build time
// (a statement may span lines, so the whole file is searched)
const contractValue = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^;]*?from\s+['"]@andes\/contract\b|import\(\s*['"]@andes\/contract\b/g;
const forbidden = [/from\s+['"]@andes\/(server|db)\b/, /from\s+['"](\.\.\/)+(server|db|packages\/db|apps\/server)\b/, /import\(\s*['"]@andes\/(server|db)\b/];
const problems = [];

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (/\.(ts|tsx)$/.test(name)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(contractValue)) problems.push(`${path.relative(root, file)}: ${m[0].trim().split('\n')[0]}`);
      text.split('\n').forEach((line, i) => {
        if (forbidden.some((re) => re.test(line))) problems.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
      });
    }
  }
}
walk(webDir);
if (problems.length) {
  console.error('apps/web must not import server or database code, nor take values from @andes/contract (import type only):\n' + problems.join('\n'));
  process.exit(1);
}
console.log('boundaries: apps/web imports no server code and only types from the contract');
