import { data } from 'react-router';
import type { LoaderArgs } from '../../lib/root-data.ts';
import { signInRedirect } from '../../lib/session-loss.ts';
import type { Area, ProviderInfo } from './claim-sheet-form.tsx';
import type { Answer } from '@andes/contract/caller';

export const CLAIMS_PATHS = { book: '/libro-de-reclamaciones', iframe: '/reclamos-iframe', customer: '/personas/reclamaciones/' } as const;

/** Peru only (the spec marks these pages Peru); Chile answers 404 (docs/decisions/020). */
export function requireClaimsBook({ context }: LoaderArgs): void {
  if (!context.market.claimsBook) throw data('Not found', { status: 404 });
}

/** What the sheet needs before it is filled: the provider and the departments of the real geography. */
export async function sheetData(args: LoaderArgs): Promise<{ provider: ProviderInfo; departments: Area[] }> {
  requireClaimsBook(args);
  const [info, regions] = await Promise.all([
    args.context.api<'GET /restpp/peru/claims/book'>('/restpp/peru/claims/book'),
    args.context.api<'GET /restpp/order/geo/regions'>('/restpp/order/geo/regions'),
  ]);
  if (!info.body.provider || !regions.body.regions) throw data('Unavailable', { status: 503 });
  return { provider: info.body.provider, departments: regions.body.regions };
}

/** A claim of the signed-in customer (`GET /restpp/peru/claims`). */
export type CustomerClaim = Answer<'GET /restpp/peru/claims'>['claims'][number];

/** The signed-in customer's claims about their lines and the lines they may claim about. */
export async function customerClaimsData(args: LoaderArgs): Promise<{ claims: CustomerClaim[]; lines: string[] }> {
  requireClaimsBook(args);
  const { request, context } = args;
  const [claims, assets] = await Promise.all([
    context.api<'GET /restpp/peru/claims'>('/restpp/peru/claims'),
    context.api<'GET /restpp/assets'>('/restpp/assets'),
  ]);
  if (claims.status === 401 || !claims.body.claims) throw signInRedirect(claims, request, context.market.loginPath);
  return { claims: claims.body.claims, lines: (assets.body.assets ?? []).map((a) => a.phoneNumber) };
}
