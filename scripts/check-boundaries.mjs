#!/usr/bin/env node
// Fails when the web app imports server or database code: it reaches data only through the HTTP API.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web/app');
const forbidden = [/from\s+['"]@andes\/(server|db)\b/, /from\s+['"](\.\.\/)+(server|db|packages\/db|apps\/server)\b/, /import\(\s*['"]@andes\/(server|db)\b/];
const problems = [];

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (/\.(ts|tsx)$/.test(name)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (forbidden.some((re) => re.test(line))) problems.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
        });
    }
  }
}
walk(webDir);
if (problems.length) {
  console.error('apps/web must not import server or database code:\n' + problems.join('\n'));
  process.exit(1);
}
console.log('boundaries: apps/web imports no server code');
