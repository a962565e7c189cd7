import type { LoaderArgs } from '../../lib/root-data.ts';
import { signInRedirect } from '../../lib/session-loss.ts';
import type { Plan } from '../plans/types.ts';
import type { Answer } from '@andes/contract/caller';
import type { CustomerLine } from '@andes/contract/answers';

/** A line of the signed-in customer, as `GET /restpp/assets` lists it. */
export type { CustomerLine };

export type MigrationPlan = Plan & { charge: { amount: number; formatted: string } };

export type MigrationOffer = Answer<'GET /restpp/asset/:phoneNumber/migration/plans'>;

export const MIGRATION_PATHS = {
  select: '/personas/migra-a-plan/seleccionar-plan',
  payment: '/personas/migra-a-plan/pago',
  success: '/personas/migra-a-plan/exito',
  failure: '/personas/migra-a-plan/fallar',
} as const;

/** Signed-in pages: the customer's lines, or the way to sign in again (SPEC §8, see signInRedirect). */
export async function customerLines({ request, context }: LoaderArgs): Promise<CustomerLine[]> {
  const res = await context.api<'GET /restpp/assets'>('/restpp/assets');
  if (res.status === 401 || !res.body.assets) throw signInRedirect(res, request, context.market.loginPath);
  return res.body.assets;
}

/** The prepaid line the page works on: the one named in `?linea=` when it is prepaid, else the first. */
export function prepaidLine(lines: CustomerLine[], wanted: string | null): CustomerLine | null {
  const prepaid = lines.filter((l) => l.kind === 'prepaid');
  return prepaid.find((l) => l.phoneNumber === wanted) ?? prepaid[0] ?? null;
}

export async function migrationOffer(args: LoaderArgs, phone: string): Promise<MigrationOffer | null> {
  const res = await args.context.api<'GET /restpp/asset/:phoneNumber/migration/plans'>(`/restpp/asset/${phone}/migration/plans`);
  return res.body.success ? res.body : null;
}

export type MigrationStatus = Answer<'GET /restpp/asset/:phoneNumber/migration/:buyOrder'>;

/** The attempt named by the outcome page's address (`?linea=&orden=`), or null. */
export async function migrationStatus(args: LoaderArgs): Promise<{ phone: string; status: MigrationStatus } | null> {
  const url = new URL(args.request.url);
  const phone = url.searchParams.get('linea') ?? '';
  const order = url.searchParams.get('orden') ?? '';
  if (!/^\d{9}$/.test(phone) || !/^[\w-]{1,26}$/.test(order)) return null;
  const res = await args.context.api<'GET /restpp/asset/:phoneNumber/migration/:buyOrder'>(`/restpp/asset/${phone}/migration/${order}`);
  return res.body.success ? { phone, status: res.body } : null;
}
