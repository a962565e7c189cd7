import { data } from 'react-router';
import type { LoaderArgs } from '../../lib/root-data.ts';
import { signInRedirect } from '../../lib/session-loss.ts';
import type { CustomerLine } from '@andes/contract/answers';

export type AccountLine = CustomerLine;

export interface AccountBase {
  lines: AccountLine[];
  line: AccountLine;
  /** Notifications not read yet (bills issued, ticket changes, suspended bags …), shown in the section links. */
  unread: number;
}

/**
 * Every account screen: signed-in only (SPEC §8, see signInRedirect), a
 * `/mi{product}/…` path must name this brand, and the selected line (or the first) is shown.
 */
export async function loadAccount({ request, params, context }: LoaderArgs): Promise<AccountBase> {
  const brand = context.market.brand;
  if (params.mi !== undefined && params.mi !== `mi${brand}`) throw data('Not found', { status: 404 });
  if (params.zona !== undefined && params.zona !== `zona-${brand}`) throw data('Not found', { status: 404 });
  if (params.recargas !== undefined && params.recargas !== `recargas-${brand}`) throw data('Not found', { status: 404 });
  const assets = await context.api<'GET /restpp/assets'>('/restpp/assets');
  if (assets.status === 401 || !assets.body.assets) throw signInRedirect(assets, request, context.market.loginPath);
  const [profile, notices] = await Promise.all([
    context.api<'POST /REST/profile/current'>('/REST/profile/current', { method: 'POST' }),
    context.api<'GET /restpp/asset/notifications'>('/restpp/asset/notifications'),
  ]);
  const lines = assets.body.assets;
  const line = lines.find((l) => l.phoneNumber === profile.body.profile?.phoneNumber) ?? lines[0];
  if (!line) throw data('Not found', { status: 404 });
  return { lines, line, unread: notices.body.unread ?? 0 };
}

/** A fresh key per form, sent as `idempotencyKey` so a double submit changes money once. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** "Mis pedidos" (the shop's orders of the signed-in customer), linked from the account sections and the header. */
export const ORDERS_PATH = '/personas/mientel/mis-pedidos';

export function accountPath(brand: string, page: string): string {
  return `/mi${brand}/${page}`;
}
