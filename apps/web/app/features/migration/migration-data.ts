import type { LoaderArgs } from '../../lib/root-data.ts';
import { signInRedirect } from '../../lib/session-loss.ts';
import type { Plan } from '../plans/types.ts';

/** A line of the signed-in customer, as `GET /restpp/assets` lists it. */
export interface CustomerLine {
  phoneNumber: string;
  kind: 'prepaid' | 'postpaid' | 'hybrid';
  status: string;
  planId: string | null;
  planName: string | null;
}

export type MigrationPlan = Plan & { charge: { amount: number; formatted: string } };

export interface MigrationOffer {
  line: { phoneNumber: string; kind: string; status: string };
  blocker: string | null;
  plans: MigrationPlan[];
}

export const MIGRATION_PATHS = {
  select: '/personas/migra-a-plan/seleccionar-plan',
  payment: '/personas/migra-a-plan/pago',
  success: '/personas/migra-a-plan/exito',
  failure: '/personas/migra-a-plan/fallar',
} as const;

/** Signed-in pages: the customer's lines, or the way to sign in again (SPEC §8, see signInRedirect). */
export async function customerLines({ request, context }: LoaderArgs): Promise<CustomerLine[]> {
  const res = await context.api<{ assets?: CustomerLine[] }>('/restpp/assets');
  if (res.status === 401 || !res.body.assets) throw signInRedirect(res, request, context.market.loginPath);
  return res.body.assets;
}

/** The prepaid line the page works on: the one named in `?linea=` when it is prepaid, else the first. */
export function prepaidLine(lines: CustomerLine[], wanted: string | null): CustomerLine | null {
  const prepaid = lines.filter((l) => l.kind === 'prepaid');
  return prepaid.find((l) => l.phoneNumber === wanted) ?? prepaid[0] ?? null;
}

export async function migrationOffer(args: LoaderArgs, phone: string): Promise<MigrationOffer | null> {
  const res = await args.context.api<MigrationOffer>(`/restpp/asset/${phone}/migration/plans`);
  return res.body.success ? res.body : null;
}

export interface MigrationStatus {
  buyOrder: string;
  state: 'pending' | 'approved' | 'rejected' | 'aborted' | 'refunded';
  amount: { amount: number; formatted: string };
  plan: Plan | null;
  fromKind: string;
  fromPlanName: string | null;
}

/** The attempt named by the outcome page's address (`?linea=&orden=`), or null. */
export async function migrationStatus(args: LoaderArgs): Promise<{ phone: string; status: MigrationStatus } | null> {
  const url = new URL(args.request.url);
  const phone = url.searchParams.get('linea') ?? '';
  const order = url.searchParams.get('orden') ?? '';
  if (!/^\d{9}$/.test(phone) || !/^[\w-]{1,26}$/.test(order)) return null;
  const res = await args.context.api<MigrationStatus>(`/restpp/asset/${phone}/migration/${order}`);
  return res.body.success ? { phone, status: res.body } : null;
}
