import type { SiteFeature } from '@andes/domain/site-features';
import { useMemo } from 'react';
import { useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { WebContext } from '@andes/contract/caller';
import type { Market } from '@andes/domain/market';
import { pageTranslator, type Translate } from '@andes/domain/message-format';
import { messagesOf, usePageMessages } from './message-groups.ts';
import type { Profile } from '@andes/contract/answers';
import { unpack, type Packed } from './packed-data.ts';

export type { Profile };

export interface RootData {
  market: Market;
  csrfToken: string;
  /** The answer's CSP nonce, for the inline scripts. */
  nonce: string;
  profile: Profile;
  settings: { welcomeThreshold: number; welcomeAlways: boolean; sandbox: boolean; gtmId: string | null; features: SiteFeature[] };
}

/** The root loader's data as it travels: the market, the same on every page and most of the root's data, packed. */
export type RootLoaderData = Omit<RootData, 'market'> & { market: Packed<Market> };

const decoded = new WeakMap<RootLoaderData, RootData>();

/** The root's data with its market decoded: the same object for the same loader data, so effects keyed on it run once. */
export function rootDataOf(data: unknown): RootData | undefined {
  if (!data) return undefined;
  const loaded = data as RootLoaderData;
  let root = decoded.get(loaded);
  if (!root) {
    root = { ...loaded, market: unpack(loaded.market) };
    decoded.set(loaded, root);
  }
  return root;
}

export function useOptionalRootData(): RootData | undefined {
  return rootDataOf(useRouteLoaderData('root'));
}

export function useRootData(): RootData {
  const data = useOptionalRootData();
  if (!data) throw new Error('root data missing');
  return data;
}

export function useMarket(): Market {
  return useRootData().market;
}

/** The message store of this market, with brand, country and bill name pre-filled. */
export function useT(): Translate {
  const { market } = useRootData();
  const texts = usePageMessages();
  return useMemo(() => pageTranslator(texts, market), [texts, market]);
}

/** Whether the site config has the feature on (SPEC §3): a feature off hides its entry points. */
export function useFeature(feature: SiteFeature): boolean {
  return useRootData().settings.features.includes(feature);
}

/** SPEC §4: signed in only when the profile answered with securityStatus 4. */
export function isSignedIn(profile: Profile | undefined): boolean {
  return profile?.securityStatus === 4;
}

/** Page title from the message store, for route `meta` functions (they run outside components). */
export function pageTitle(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>, key: string): Array<{ title: string }> {
  const root = rootDataOf(matches.find((m) => m?.id === 'root')?.data);
  if (!root) return [{ title: key }];
  const t = pageTranslator(messagesOf(matches), root.market);
  return [{ title: `${t(key)} | ${root.market.brandName}` }];
}

/** Loader arguments with the server's load context (see apps/server/src/web/routes.ts). */
export type LoaderArgs = LoaderFunctionArgs<WebContext>;
