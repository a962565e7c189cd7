import { data, redirect } from 'react-router';
import type { Answer } from '@andes/contract/caller';
import type { LoaderArgs } from '../../lib/root-data.ts';
import { readForm } from '../../lib/form-action.ts';

export const CAPTIVE_PATHS = {
  roaming: '/roamingpostbolsas',
  roamingDone: '/roamingpostbolsas/confirmacion',
  roamingError: '/roamingpostbolsas/error',
} as const;

export type RoamingOffers = Answer<'GET /restpp/captive/roaming/offers'>;
export type RoamingOffer = RoamingOffers['offers'][number];

/** Why a purchase failed, as the error page's address says it (`?motivo=`), and the text it shows. */
export const FAILURE_REASONS = {
  saldo: 'captive.failed.balance',
  linea: 'captive.error.unidentified',
  compra: 'captive.failed.body',
} as const;
export type FailureReason = keyof typeof FAILURE_REASONS;

/** The refusal's first message (key and text) of a failed answer. */
function firstMessage(body: { response?: { systemMessage?: Array<{ exceptionKey: string; messages: string[] }> } }) {
  const first = body.response?.systemMessage?.[0];
  return { key: first?.exceptionKey ?? '', text: first?.messages[0] ?? '' };
}

/** A page the network did not send (no line named, or not from its proxy): the refusal, never the offers. */
export function refused(message: string) {
  return data({ refused: message, offers: null, chosen: null, idempotencyKey: null }, { status: 403 });
}

/** The roaming bags for the network's line, and the one chosen to confirm (`?oferta=`). */
export async function roamingPage({ request, context }: LoaderArgs) {
  const res = await context.api<'GET /restpp/captive/roaming/offers'>('/restpp/captive/roaming/offers');
  if (!res.body.success) return refused(firstMessage(res.body).text);
  const wanted = new URL(request.url).searchParams.get('oferta');
  const chosen = res.body.offers.find((o) => o.id === wanted && o.payments.length > 0) ?? null;
  // one key per confirmation shown: a double submit of the form buys once (http/idempotency.ts)
  return { refused: null, offers: res.body, chosen, idempotencyKey: chosen ? crypto.randomUUID() : null };
}

/** The confirmation's post: buys through the captive call, then the confirmation or the error page (POST/redirect/GET). */
export async function buyRoaming({ request, context }: LoaderArgs) {
  const fields = await readForm(request);
  const res = await context.api<'POST /restpp/captive/roaming/bag'>('/restpp/captive/roaming/bag', {
    method: 'POST',
    body: { offerId: fields.offerId ?? '', payment: fields.payment as 'balance', idempotencyKey: fields.idempotencyKey ?? '' },
  });
  if (res.body.success) return redirect(`${CAPTIVE_PATHS.roamingDone}?bolsa=${res.body.bagId}&oferta=${encodeURIComponent(res.body.offerId)}`);
  const key = firstMessage(res.body).key;
  const reason: FailureReason = key === 'account.error.balance.short' ? 'saldo' : key === 'captive.error.unidentified' ? 'linea' : 'compra';
  return redirect(`${CAPTIVE_PATHS.roamingError}?motivo=${reason}`);
}

/** The bag the confirmation's address names, when it is the network's line's. */
export async function boughtBag({ request, context }: LoaderArgs) {
  const bagId = new URL(request.url).searchParams.get('bolsa') ?? '';
  if (!/^\d{1,10}$/.test(bagId)) throw redirect(`${CAPTIVE_PATHS.roamingError}?motivo=compra`);
  const res = await context.api<'GET /restpp/captive/roaming/bag/:bagId'>(`/restpp/captive/roaming/bag/${bagId}`);
  if (!res.body.success) {
    if (res.status === 403) return refused(firstMessage(res.body).text);
    throw redirect(`${CAPTIVE_PATHS.roamingError}?motivo=compra`);
  }
  return { refused: null, bag: res.body, offerId: new URL(request.url).searchParams.get('oferta') ?? '' };
}
