import { useMemo } from 'react';

declare const packedType: unique symbol;

/** Loader data travelling as one JSON text; the type remembers what it holds. */
export type Packed<T> = string & { readonly [packedType]: T };

/**
 * The texts this process packed or decoded lately, with their values: the server renders the page from
 * the data its loader just packed, so the render reads the value back instead of parsing the text again;
 * the browser decodes a text once for the page and its title alike. Equal texts are equal values, shared
 * read-only (a public page's text is the same for every anonymous visitor). A signed-in visitor's text
 * stays in memory until 64 newer ones push it out; nothing reads it but a render of the same text.
 */
const recent = new Map<string, unknown>();
const RECENT_TEXTS = 64;

function remember(text: string, value: unknown): void {
  recent.delete(text);
  if (recent.size >= RECENT_TEXTS) recent.delete(recent.keys().next().value!);
  recent.set(text, value);
}

/**
 * A page's loader data as one JSON text (docs/decisions/019, addendum of 2026-11-29): React Router
 * encodes loader data value by value into the page (turbo-stream); the engine's JSON does it at once,
 * and the browser's JSON.parse decodes it as fast. For data that is JSON already (API answers and what
 * is made of them): no dates, maps, undefined fields or promises. Read only, like all loader data.
 */
export function pack<T>(value: T): Packed<T> {
  const text = JSON.stringify(value);
  remember(text, value);
  return text as Packed<T>;
}

export function unpack<T>(text: Packed<T>): T {
  if (recent.has(text)) return recent.get(text) as T;
  const value = JSON.parse(text) as T;
  remember(text, value);
  return value;
}

/** The packed data, decoded once per text: the same objects on every render, so effects keyed on them run once. */
export function usePacked<T>(text: Packed<T>): T {
  return useMemo(() => unpack(text), [text]);
}
