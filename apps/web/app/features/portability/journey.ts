import type { NavigateFunction } from 'react-router';
import { deliveryPathFor } from '@andes/domain/journey-requirements';
import { cleanInput, type CleaningMarket } from '@andes/domain/clean';
import { request } from '../../lib/request.ts';
import type { JourneyRequirements } from '@andes/contract/answers';
import type { PortabilityStepKey } from './steps.tsx';

export const REQUIREMENTS_URL = '/restpp/subscriber/active/requirements';

/**
 * The step bar of the journey (SPEC §2 named steps): "Datos a portar" when a number is brought (its
 * holder then answers the identity questions), "Validación de Identidad" when asked, then
 * "Financiamiento" or "Línea adicional" for the credit check.
 */
export function journeySteps(r: JourneyRequirements | null, current: PortabilityStepKey): { keys: PortabilityStepKey[]; done: PortabilityStepKey[] } {
  if (!r) return { keys: [current], done: [] };
  const keys: PortabilityStepKey[] = [];
  const done: PortabilityStepKey[] = [];
  if (r.portability) keys.push('data');
  if (r.portability || r.steps.some((s) => s.kind === 'identity')) keys.push('identity');
  for (const s of r.steps) if (s.kind === 'credit') keys.push(s.purpose === 'financing' ? 'financing' : 'additionalLine');
  const identity = r.steps.filter((s) => s.kind === 'identity');
  if (identity.length && identity.every((s) => s.done)) done.push('identity', 'data');
  for (const s of r.steps) if (s.kind === 'credit' && s.done) done.push(s.purpose === 'financing' ? 'financing' : 'additionalLine');
  if (!keys.includes(current)) keys.push(current);
  return { keys, done: done.filter((k) => k !== current) };
}

/** The document a check asks for first (the port's holder, or the buyer), as its field shows it. */
export function documentFor(r: JourneyRequirements | null, kind: 'identity' | 'credit', market: CleaningMarket): string {
  const document = r?.steps.find((s) => s.kind === kind && !s.done)?.document ?? r?.steps.find((s) => s.kind === kind)?.document ?? '';
  return document ? cleanInput('rut', document, market) : '';
}

/**
 * Goes on after a check: to the next unmet check (or the billing step when the plan is not in the
 * cart yet); with every check passed the order is created and the delivery step follows. A refused
 * creation goes where the server says (company of origin, identity, rejected-credit …).
 */
export async function continueJourney(navigate: NavigateFunction, fallback = '/carrito-compra'): Promise<void> {
  const r = await request<'GET /restpp/subscriber/active/requirements'>({ url: REQUIREMENTS_URL, failurePopup: 'false' });
  if (!r?.success) return navigate(fallback);
  const answer = r;
  if (answer.next) return navigate(answer.next);
  const created = await request({ url: '/restpp/order/create', failurePopup: 'false' });
  if (created?.success) return navigate(deliveryPathFor(answer.planSale));
  navigate(typeof created?.redirectRUL === 'string' ? created.redirectRUL : fallback);
}
