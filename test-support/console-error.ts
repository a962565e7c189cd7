import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

/**
 * A test fails when something prints an unexpected `console.error` (a swallowed failure, a React
 * warning): the line is kept and raised after the test. A test that expects one says so with
 * {@link allowConsoleError}; the allowance ends with the test.
 */
interface Watch {
  allowed: RegExp[];
  unexpected: string[];
}

// a worker runs many test files in one process (vitest.config.ts) and this file runs before each: the
// console is wrapped once, and every file's hooks share its record
const WATCH = Symbol.for('andes.consoleErrorWatch');
const scope = globalThis as { [WATCH]?: Watch };
const watch: Watch = (scope[WATCH] ??= (() => {
  const fresh: Watch = { allowed: [], unexpected: [] };
  const print = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    const text = format(...args);
    print(text);
    if (!fresh.allowed.some((pattern) => pattern.test(text))) fresh.unexpected.push(text);
  };
  return fresh;
})());

/** Lets the running test print `console.error` lines matching `pattern`. */
export function allowConsoleError(pattern: RegExp): void {
  watch.allowed.push(pattern);
}

beforeEach(() => {
  watch.allowed = [];
  watch.unexpected = [];
});

afterEach(() => {
  const lines = watch.unexpected;
  watch.unexpected = [];
  if (lines.length) throw new Error(`unexpected console.error (allowConsoleError in test-support/console-error.ts if expected):\n${lines.join('\n')}`);
});
