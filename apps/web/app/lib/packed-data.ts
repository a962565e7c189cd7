import { useMemo } from 'react';

declare const packedType: unique symbol;

/** Loader data travelling as one JSON text; the type remembers what it holds. */
export type Packed<T> = string & { readonly [packedType]: T };

/**
 * The texts this process packed lately, with the values they came from: the server renders the page
 * from the data its loader just packed, and a text is the same for every visitor of a public page, so
 * the render reads the value back instead of parsing the text again. Equal texts are equal values.
 */
const recentlyPacked = new Map<string, unknown>();
const RECENT_TEXTS = 64;

/**
 * A page's loader data as one JSON text (docs/decisions/019, addendum of 2026-11-29): React Router
 * encodes loader data value by value into the page (turbo-stream); the engine's JSON does it at once,
 * and the browser's JSON.parse decodes it as fast. For data that is JSON already (API answers and what
 * is made of them): no dates, maps, undefined fields or promises. Read only, like all loader data.
 */
export function pack<T>(value: T): Packed<T> {
  const text = JSON.stringify(value);
  recentlyPacked.delete(text);
  if (recentlyPacked.size >= RECENT_TEXTS) recentlyPacked.delete(recentlyPacked.keys().next().value!);
  recentlyPacked.set(text, value);
  return text as Packed<T>;
}

export function unpack<T>(text: Packed<T>): T {
  return (recentlyPacked.get(text) as T | undefined) ?? (JSON.parse(text) as T);
}

/** The packed data, decoded once per text: the same objects on every render, so memos keyed on them hold. */
export function usePacked<T>(text: Packed<T>): T {
  return useMemo(() => unpack(text), [text]);
}
