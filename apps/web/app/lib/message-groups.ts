import { useMatches } from 'react-router';
import { unpackMessages, type MessageTexts, type PackedMessages } from '@andes/domain/message-format';
import type { MessageGroup } from '@andes/domain/messages';

/**
 * A route's `handle`: the message groups its screens use beside the root's `common`. The server adds
 * those groups' messages of the market to the route's loader data (apps/server/src/web/route-messages.ts),
 * so a page carries only its own texts and a client-side navigation brings the next route's with its
 * data. message-groups.test.ts fails when a route uses a key of a group it does not declare.
 */
export interface RouteMessages {
  messages: readonly MessageGroup[];
}

export function messageGroups(...groups: MessageGroup[]): RouteMessages {
  return { messages: groups };
}

type MatchLike = { data?: unknown } | undefined;

function routeMessages(match: MatchLike): MessageTexts | undefined {
  const data = match?.data as { messages?: PackedMessages } | null | undefined;
  return data && typeof data === 'object' && typeof data.messages === 'string' ? unpackMessages(data.messages) : undefined;
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
