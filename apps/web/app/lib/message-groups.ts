import { useMatches } from 'react-router';
import { isTextsFile, SERVER_TEXTS, unpackMessages, type MessageTexts, type RouteTextsRef } from '@andes/domain/message-format';
import type { MessageGroup } from '@andes/domain/messages';

/**
 * A route's `handle`: the message groups its screens use beside the root's `common`. The server adds
 * those groups' messages of the market to the route's loader data (apps/server/src/web/route-messages.ts),
 * so a page carries only its own texts (as the name of a file of them, message-format.ts) and a
 * client-side navigation brings the next route's with its data. message-groups.test.ts fails when a route uses a key of a group it does not declare.
 */
export interface RouteMessages {
  messages: readonly MessageGroup[];
}

export function messageGroups(...groups: MessageGroup[]): RouteMessages {
  return { messages: groups };
}

type MatchLike = { data?: unknown } | undefined;

type RouteData = { messages?: RouteTextsRef; [SERVER_TEXTS]?: MessageTexts };

/** The texts files this browser has read, by address (a document's, read before hydrating). */
const textFiles = new Map<RouteTextsRef, MessageTexts>();

function routeMessages(match: MatchLike): MessageTexts | undefined {
  const data = match?.data as RouteData | null | undefined;
  if (!data || typeof data !== 'object') return undefined;
  // the server renders with the texts themselves; a browser has the file it read or the inline text
  if (data[SERVER_TEXTS]) return data[SERVER_TEXTS];
  if (typeof data.messages !== 'string') return undefined;
  return isTextsFile(data.messages) ? textFiles.get(data.messages) : unpackMessages(data.messages);
}

/** The texts files the matched routes' data name: the document's head preloads them (root.tsx). */
export function linkedTextFiles(matches: ReadonlyArray<MatchLike>): RouteTextsRef[] {
  return matches.flatMap((m) => {
    const ref = (m?.data as RouteData | null | undefined)?.messages;
    return typeof ref === 'string' && isTextsFile(ref) ? [ref] : [];
  });
}

/**
 * Reads the texts files the document's head links (preloaded by then): hydration renders with them. A
 * second try (`again`) goes to the network: the browser may keep a failed preload and answer with it.
 */
export async function readLinkedTexts(document: Document, again = false): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-route-texts]')];
  await Promise.all(
    links.map(async (link) => {
      const ref = link.getAttribute('href')!;
      if (textFiles.has(ref)) return;
      const res = await fetch(ref, again ? { cache: 'reload' } : undefined);
      if (!res.ok) throw new Error(ref);
      textFiles.set(ref, (await res.json()) as MessageTexts);
    }),
  );
}

/**
 * The last merge of each innermost route's texts. Every component's `useT` on a page asks for the same
 * merge, and on the server every render of a route reuses the route's texts object: one merge serves
 * them all (merging per component was a tenth of the product page's server time).
 */
const merges = new WeakMap<MessageTexts, { parts: MessageTexts[]; texts: MessageTexts }>();

function merged(parts: MessageTexts[]): MessageTexts {
  const innermost = parts[parts.length - 1];
  if (!innermost) return {};
  const last = merges.get(innermost);
  if (last && last.parts.length === parts.length && parts.every((p, i) => p === last.parts[i])) return last.texts;
  const texts = Object.assign({}, ...parts) as MessageTexts;
  merges.set(innermost, { parts, texts });
  return texts;
}

/** The messages every matched route brought, outermost first (a route's own override the root's). */
export function messagesOf(matches: ReadonlyArray<MatchLike>): MessageTexts {
  return merged(matches.map(routeMessages).filter((p): p is MessageTexts => p !== undefined));
}

/** The page's messages; the same object while the matched routes' messages stay the same. */
export function usePageMessages(): MessageTexts {
  return merged(
    useMatches()
      .map(routeMessages)
      .filter((p): p is MessageTexts => p !== undefined),
  );
}
