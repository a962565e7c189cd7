import type { Market } from './market.ts';
import { normalizeRut } from './rut.ts';

/** The stored form of a document (customers.document), '' when it is not valid for the market. */
export function normalizedDocument(market: Market, document: string): string {
  return market.document.kind === 'rut' ? normalizeRut(document) : /^\d+$/.test(document.trim()) ? document.trim() : '';
}

/** A document as the portability and identity checks compare it: a RUT normalized, any other trimmed. */
export function normalizeDocument(market: Market, document: string): string {
  return market.document.kind === 'rut' ? normalizeRut(document) : document.trim();
}
