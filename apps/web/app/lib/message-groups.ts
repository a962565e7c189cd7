import { useRef } from 'react';
import { useMatches } from 'react-router';
import type { MessageTexts } from '@andes/domain/message-format';
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
  const data = match?.data as { messages?: MessageTexts } | null | undefined;
  return data && typeof data === 'object' ? data.messages : undefined;
}

/** The messages every matched route brought, outermost first (a route's own override the root's). */
export function messagesOf(matches: ReadonlyArray<MatchLike>): MessageTexts {
  return Object.assign({}, ...matches.map(routeMessages).filter(Boolean)) as MessageTexts;
}

/** The page's messages; the same object while the matched routes' messages stay the same. */
export function usePageMessages(): MessageTexts {
  const parts = useMatches().map(routeMessages).filter((p): p is MessageTexts => p !== undefined);
  const last = useRef<{ parts: MessageTexts[]; texts: MessageTexts } | null>(null);
  const same = last.current && last.current.parts.length === parts.length && parts.every((p, i) => p === last.current!.parts[i]);
  if (!same) last.current = { parts, texts: Object.assign({}, ...parts) as MessageTexts };
  return last.current!.texts;
}
