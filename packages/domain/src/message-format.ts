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
 * A route's texts as its loader data carries them: one JSON text made once per route, not hundreds of
 * keys and values. React Router's encoding of loader data walks every value of every page it serves, and
 * the texts were most of a public page's data (decision 011 addendum).
 */
export type PackedMessages = string;

export function packMessages(texts: MessageTexts): PackedMessages {
  return JSON.stringify(texts);
}

// one parse per distinct text: the server renders every page of a route from the same string, and a
// browser meets few routes
const unpacked = new Map<PackedMessages, MessageTexts>();

export function unpackMessages(packed: PackedMessages): MessageTexts {
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
 * Unknown placeholders stay as written so a missing value is visible.
 */
export function fill(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g, (whole, name: string, one?: string, many?: string) => {
    if (!(name in params)) return whole;
    if (one === undefined || many === undefined) return String(params[name]);
    return Number(params[name]) === 1 ? one : many;
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
