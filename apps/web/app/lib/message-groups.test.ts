import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogueFor, messageGroupOf, MESSAGE_GROUPS, type MessageGroup } from '@andes/domain/messages';

/**
 * Every route declares the message groups its screens use (lib/message-groups.ts): this scan reads the
 * keys each route module, the web modules it imports and the domain rules they import name, literally
 * or as a `prefix.${…}` template, and holds the route's declaration to exactly those groups beyond the
 * root's `common`.
 */
const APP = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const DOMAIN = path.resolve(APP, '../../../packages/domain/src');
const KEYS = Object.keys(catalogueFor('cl'));
const ROOT_GROUPS: MessageGroup[] = ['common'];

function routeFiles(dir = path.join(APP, 'routes')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? routeFiles(path.join(dir, e.name)) : e.name.endsWith('.tsx') ? [path.join(dir, e.name)] : [],
  );
}

function resolveImport(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else if (spec.startsWith('@andes/domain/')) {
    // the store's own files hold every key; what a screen uses is what names one
    if (/^@andes\/domain\/messages?(-|$)/.test(spec)) return undefined;
    base = path.join(DOMAIN, spec.slice('@andes/domain/'.length));
  } else return undefined;
  return [base, `${base}.ts`, `${base}.tsx`].find((f) => existsSync(f) && /\.tsx?$/.test(f));
}

function closure(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      // a domain rule's own imports serve its logic, not the screen's texts
      if (file.startsWith(DOMAIN)) break;
      const target = resolveImport(file, m[1]!);
      if (target && !target.endsWith('.test.ts')) queue.push(target);
    }
  }
  return [...seen];
}

/** The groups of the keys a file names: whole keys in quotes, and key prefixes a template or a `+` completes. */
function groupsUsed(source: string): Set<MessageGroup> {
  const groups = new Set<MessageGroup>();
  for (const m of source.matchAll(/['"`]([A-Za-z_][\w-]*(?:\.[\w-]+)*\.?)(?=['"`]|\$\{)/g)) {
    const text = m[1]!;
    const isKey =
      KEYS.includes(text) ||
      (text.includes('.') &&
        KEYS.some((k) => k.startsWith(text.endsWith('.') ? text : `${text}.`)) &&
        /\$\{|\+/.test(source.slice(m.index, m.index + text.length + 4)));
    const group = isKey ? messageGroupOf(text) : undefined;
    if (group) groups.add(group);
  }
  return groups;
}

function declared(file: string): MessageGroup[] {
  const m = /export const handle = (?:\{ \.\.\.)?messageGroups\(([^)]*)\)/.exec(readFileSync(file, 'utf8'));
  return m ? [...m[1]!.matchAll(/'(\w+)'/g)].map((g) => g[1] as MessageGroup) : [];
}

function needed(file: string, beyond: MessageGroup[]): MessageGroup[] {
  const used = new Set(closure(file).flatMap((f) => [...groupsUsed(readFileSync(f, 'utf8'))]));
  return [...used].filter((g) => !beyond.includes(g)).sort();
}

describe('message groups', () => {
  it('put every key of the store in a group', () => {
    expect(KEYS.filter((k) => !messageGroupOf(k))).toEqual([]);
    expect(Object.keys(MESSAGE_GROUPS)).toContain('common');
  });

  it('the root declares the groups its shell uses', () => {
    expect(declared(path.join(APP, 'root.tsx'))).toEqual(ROOT_GROUPS);
    expect(needed(path.join(APP, 'root.tsx'), ROOT_GROUPS)).toEqual([]);
  });

  it.each(routeFiles().map((f) => [path.relative(APP, f), f]))('%s declares exactly the groups it uses', (_name, file) => {
    expect([...declared(file)].sort()).toEqual(needed(file, ROOT_GROUPS));
  });

  it.each(
    routeFiles()
      .filter((f) => declared(f).length)
      .map((f) => [path.relative(APP, f), f]),
  )('%s has a loader to carry its groups', (_name, file) => {
    expect(readFileSync(file, 'utf8')).toMatch(/export (?:async )?function loader\b|export const loader\b/);
  });
});
