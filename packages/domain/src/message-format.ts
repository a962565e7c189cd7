import type { Market } from './market.ts';

/**
 * How the message store (messages.ts) resolves a text: by key and page, with a default text as
 * fallback, `{placeholder}`s filled. Kept apart from the texts so the browser bundle carries the
 * rules without the catalogue: pages receive only the message groups their routes declare.
 */
export interface MessageDef {
  page: string;
  text: string;
}

export type Catalogue = Record<string, MessageDef>;

/** What a page receives: each key's text alone (the browser never looks a message up by page). */
export type MessageTexts = Record<string, string>;

/**
 * How a route's texts travel in its loader data (decision 011 addendum): always one string, never the
 * hundreds of keys and values React Router's encoder walked on every page, most of a page's data.
 * - A document names a file of its texts (`/assets/texts/…`, immutable), which its head preloads and
 *   the browser reads before hydrating; the page's HTML carries only the name.
 * - A client-side navigation's data carries them inline, as one JSON text.
 * The server's own render reads them under `SERVER_TEXTS`, a registered symbol the encoder skips.
 */
export type RouteTextsRef = string;

export const SERVER_TEXTS: unique symbol = Symbol.for('andes.routeTexts') as never;

export function isTextsFile(ref: RouteTextsRef): boolean {
  return ref.startsWith('/');
}

export function packMessages(texts: MessageTexts): RouteTextsRef {
  return JSON.stringify(texts);
}

// one parse per distinct text: a browser meets few routes
const unpacked = new Map<RouteTextsRef, MessageTexts>();

export function unpackMessages(packed: RouteTextsRef): MessageTexts {
  let texts = unpacked.get(packed);
  if (!texts) {
    texts = JSON.parse(packed) as MessageTexts;
    unpacked.set(packed, texts);
  }
  return texts;
}

export type Params = Record<string, string | number>;

/**
 * Fills `{placeholder}`s and chooses plural words: `{minutes|minuto|minutos}` reads the first word when
 * `minutes` is 1 and the second otherwise (Spanish has one singular), so "1 minuto", "5 minutos".
 * Unknown placeholders stay as written so a missing value is visible. A value ending in a full stop (an
 * abbreviation such as "a. m.", "Depto.") before the text's own full stop gives one, never "..".
 */
export function fill(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g, (whole, name: string, one: string | undefined, many: string | undefined, at: number) => {
    if (!(name in params)) return whole;
    if (one !== undefined && many !== undefined) return Number(params[name]) === 1 ? one : many;
    const value = String(params[name]);
    return value.endsWith('.') && text[at + whole.length] === '.' ? value.slice(0, -1) : value;
  });
}

/** Resolves a message by key (and page, when given), with the default text as fallback. */
export function resolveMessage(catalogue: Catalogue, key: string, options: { page?: string; defaultText?: string; params?: Params } = {}): string {
  const def = catalogue[key];
  const text = def && (!options.page || def.page === options.page) ? def.text : (options.defaultText ?? key);
  return fill(text, options.params);
}

export type Translate = (key: string, params?: Params) => string;

/** A translator bound to a market, with market-wide values (brand, country, bill name) pre-filled. */
export function translator(catalogue: Catalogue, base: Params): Translate {
  return (key, params) => resolveMessage(catalogue, key, { params: { ...base, ...params } });
}

/** Brand, country, bill name and PIN length: the values every message of a market may use. */
function marketParams(market: Market): Params {
  return { brand: market.brandName, country: market.countryName, bill: market.billName, pinLength: market.pinLength };
}

/** The translator of a market: brand, country, bill name and PIN length are known everywhere. */
export function marketTranslator(catalogue: Catalogue, market: Market): Translate {
  return translator(catalogue, marketParams(market));
}

/** The same translator over the texts a page received; an unknown key shows itself, so a gap is visible. */
export function pageTranslator(texts: MessageTexts, market: Market): Translate {
  const base = marketParams(market);
  return (key, params) => fill(texts[key] ?? key, { ...base, ...params });
}
