import { data, redirect } from 'react-router';
import type { z } from 'zod';
import type { Answer } from '@andes/contract/caller';
import type { captiveBagBought } from '@andes/contract/inputs/captive';
import type { LoaderArgs } from '../../lib/root-data.ts';
import { readForm } from '../../lib/form-action.ts';

export const CAPTIVE_PATHS = {
  roaming: '/roamingpostbolsas',
  roamingDone: '/roamingpostbolsas/confirmacion',
  roamingError: '/roamingpostbolsas/error',
  activation: '/activacionpost',
  activationDone: '/activacionpost/confirmacion',
  activationError: '/activacionpost/error',
} as const;

export type RoamingOffers = Answer<'GET /restpp/captive/roaming/offers'>;
export type RoamingOffer = RoamingOffers['offers'][number];
/** A bag bought from the balance or the bill (by card the answer is the gateway's page instead). */
type BagBought = z.infer<typeof captiveBagBought>;

/** Why a purchase failed, as the error page's address says it (`?motivo=`), and the text it shows. */
export const FAILURE_REASONS = {
  saldo: 'captive.failed.balance',
  linea: 'captive.error.unidentified',
  compra: 'captive.failed.body',
  pago: 'captive.failed.payment',
  activacion: 'captive.failed.activation',
} as const;
export type FailureReason = keyof typeof FAILURE_REASONS;

/** The refusal's first message (key and text) of a failed answer. */
function firstMessage(body: { response?: { systemMessage?: Array<{ exceptionKey: string; messages: string[] }> } }) {
  const first = body.response?.systemMessage?.[0];
  return { key: first?.exceptionKey ?? '', text: first?.messages[0] ?? '' };
}

/** A page the network did not send (no line named, or not from its proxy): the refusal, never the offers. */
export function refused<T extends object = object>(message: string, extra?: T) {
  return data({ refused: message, offers: null, chosen: null, idempotencyKey: null, ...(extra as T) }, { status: 403 });
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
    body: {
      offerId: fields.offerId ?? '',
      // as posted: the server checks it (400 for any other)
      payment: fields.payment as 'balance' | 'bill' | 'card',
      idempotencyKey: fields.idempotencyKey ?? '',
    },
  });
  if (res.body.success) {
    // by card: the gateway's page, which sends the browser back to the captive host's return
    const bought = res.body as Partial<BagBought>;
    if (bought.bagId === undefined || bought.offerId === undefined) {
      const gateway = res.body.response?.redirectRUL;
      return redirect(gateway ?? `${CAPTIVE_PATHS.roamingError}?motivo=compra`);
    }
    return redirect(`${CAPTIVE_PATHS.roamingDone}?bolsa=${bought.bagId}&oferta=${encodeURIComponent(bought.offerId)}`);
  }
  return redirect(`${CAPTIVE_PATHS.roamingError}?motivo=${reasonOf(firstMessage(res.body).key)}`);
}

/** The error page's reason for a refusal's key (the balance's refusal is matched by its end: the page carries no account texts). */
function reasonOf(key: string): FailureReason {
  return key.endsWith('.balance.short') ? 'saldo' : key === 'captive.error.unidentified' ? 'linea' : 'compra';
}

export type ActivationPlan = Answer<'GET /restpp/captive/activation/plans'>['plans'][number];

export type CaptiveLine = Answer<'GET /restpp/captive/line'>;

/**
 * The network's line: a postpaid line waiting for its holder is offered its activation (decision 023
 * addendum); any other line, the plans it may move to and the one chosen to confirm (`?plan=`).
 */
export async function activationPage({ request, context }: LoaderArgs) {
  const line = await context.api<'GET /restpp/captive/line'>('/restpp/captive/line');
  if (!line.body.success) return refused(firstMessage(line.body).text, { offer: null, pending: null });
  if (line.body.pending) {
    const { success: _s, response: _r, ...pending } = line.body;
    return { refused: null, offer: null, chosen: null, pending, idempotencyKey: crypto.randomUUID() };
  }
  const res = await context.api<'GET /restpp/captive/activation/plans'>('/restpp/captive/activation/plans');
  if (!res.body.success) return refused(firstMessage(res.body).text, { offer: null, pending: null });
  const wanted = new URL(request.url).searchParams.get('plan');
  const chosen = res.body.blocker ? null : (res.body.plans.find((p) => p.id === wanted) ?? null);
  return { refused: null, offer: res.body, chosen, pending: null, idempotencyKey: chosen ? crypto.randomUUID() : null };
}

/** The activation's post: the line the page showed is activated (once per key), then its confirmation or the error page. */
async function activatePending(context: LoaderArgs['context'], fields: Record<string, string | undefined>) {
  const res = await context.api<'POST /restpp/captive/line/activate'>('/restpp/captive/line/activate', {
    method: 'POST',
    body: { phoneNumber: fields.phoneNumber ?? '', idempotencyKey: fields.idempotencyKey ?? '' },
  });
  if (res.body.success) return redirect(`${CAPTIVE_PATHS.activationDone}?linea=activada`);
  const key = firstMessage(res.body).key;
  return redirect(`${CAPTIVE_PATHS.activationError}?motivo=${key === 'captive.error.unidentified' ? 'linea' : 'activacion'}`);
}

/** The confirmation's post: opens the payment (once per key) and sends the browser to the gateway's page. */
export async function startActivation({ request, context }: LoaderArgs) {
  const fields = await readForm(request);
  if (fields.intent === 'activate') return activatePending(context, fields);
  const res = await context.api<'POST /restpp/captive/activation'>('/restpp/captive/activation', {
    method: 'POST',
    body: { planId: fields.planId ?? '', idempotencyKey: fields.idempotencyKey ?? '' },
  });
  const gateway = res.body.success ? res.body.response?.redirectRUL : null;
  if (gateway) return redirect(gateway);
  return redirect(`${CAPTIVE_PATHS.activationError}?motivo=${reasonOf(firstMessage(res.body).key)}`);
}

/** The move the confirmation's address names (`?orden=`), when it is the network's line's and approved. */
export async function approvedActivation({ request, context }: LoaderArgs) {
  if (new URL(request.url).searchParams.has('linea')) return activatedLine(context);
  const order = new URL(request.url).searchParams.get('orden') ?? '';
  if (!/^[\w-]{1,26}$/.test(order)) throw redirect(`${CAPTIVE_PATHS.activationError}?motivo=compra`);
  const res = await context.api<'GET /restpp/captive/activation/:buyOrder'>(`/restpp/captive/activation/${order}`);
  if (!res.body.success) {
    if (res.status === 403 && firstMessage(res.body).key === 'captive.error.unidentified')
      return refused(firstMessage(res.body).text, { move: null, line: null });
    throw redirect(`${CAPTIVE_PATHS.activationError}?motivo=compra`);
  }
  if (res.body.state !== 'approved' || !res.body.plan) throw redirect(`${CAPTIVE_PATHS.activationError}?motivo=pago`);
  return { refused: null, move: res.body, line: null };
}

/** After a pending line's activation: the network's line, active, and since when. */
async function activatedLine(context: LoaderArgs['context']) {
  const res = await context.api<'GET /restpp/captive/line'>('/restpp/captive/line');
  if (!res.body.success) return refused(firstMessage(res.body).text, { move: null, line: null });
  if (res.body.status !== 'active' || !res.body.activatedAt) throw redirect(`${CAPTIVE_PATHS.activationError}?motivo=activacion`);
  const { phoneNumber, planName, activatedAt } = res.body;
  return { refused: null, move: null, line: { phoneNumber, planName: planName ?? '', activatedAt } };
}

/**
 * The bag the confirmation's address names, when it is the network's line's: `?bolsa=` one bought from
 * the balance or the bill, `?orden=` one paid by card (with what the card was charged).
 */
export async function boughtBag({ request, context }: LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const offerId = params.get('oferta') ?? '';
  const order = params.get('orden');
  if (order !== null) return cardBag(context, order, offerId);
  const bagId = params.get('bolsa') ?? '';
  if (!/^\d{1,10}$/.test(bagId)) throw redirect(`${CAPTIVE_PATHS.roamingError}?motivo=compra`);
  const res = await context.api<'GET /restpp/captive/roaming/bag/:bagId'>(`/restpp/captive/roaming/bag/${bagId}`);
  if (!res.body.success) {
    if (res.status === 403) return refused(firstMessage(res.body).text);
    throw redirect(`${CAPTIVE_PATHS.roamingError}?motivo=compra`);
  }
  return { refused: null, bag: { ...res.body, reference: String(res.body.id), paid: null }, offerId };
}

async function cardBag(context: LoaderArgs['context'], order: string, offerId: string) {
  if (!/^[\w-]{1,26}$/.test(order)) throw redirect(`${CAPTIVE_PATHS.roamingError}?motivo=compra`);
  const res = await context.api<'GET /restpp/captive/roaming/card/:buyOrder'>(`/restpp/captive/roaming/card/${order}`);
  if (!res.body.success) {
    if (res.status === 403) return refused(firstMessage(res.body).text);
    throw redirect(`${CAPTIVE_PATHS.roamingError}?motivo=compra`);
  }
  // a refused or unsettled payment put no bag on the line
  if (res.body.state !== 'approved' || !res.body.expiresAt) throw redirect(`${CAPTIVE_PATHS.roamingError}?motivo=pago`);
  const { name, phoneNumber, expiresAt, amount } = res.body;
  return { refused: null, bag: { name, phoneNumber, expiresAt, reference: res.body.buyOrder, paid: amount.formatted }, offerId: offerId || res.body.offerId };
}
