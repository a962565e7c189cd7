import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

/**
 * A test fails when something prints an unexpected `console.error` (a swallowed failure, a React
 * warning): the line is kept and raised after the test. A test that expects one says so with
 * {@link allowConsoleError}; the allowance ends with the test.
 */
let allowed: RegExp[] = [];
let unexpected: string[] = [];
const print = console.error.bind(console);

console.error = (...args: unknown[]) => {
  const text = format(...args);
  print(text);
  if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text);
};

/** Lets the running test print `console.error` lines matching `pattern`. */
export function allowConsoleError(pattern: RegExp): void {
  allowed.push(pattern);
}

beforeEach(() => {
  allowed = [];
  unexpected = [];
});

afterEach(() => {
  const lines = unexpected;
  unexpected = [];
  if (lines.length) throw new Error(`unexpected console.error (allowConsoleError in test-support/console-error.ts if expected):\n${lines.join('\n')}`);
});
