import { z } from 'zod';
import type { Market } from './market.ts';
import { fields } from './validation.ts';

/**
 * Number portability (DOMAIN.md "Number portability"): the request's state machine, the companies a
 * number can come from in each market, and the rule sets of its inputs. Every allowed move is one
 * row of {@link PORTABILITY_TRANSITIONS}; anything else is refused.
 */
export const PORTABILITY_STATES = ['draft', 'code_sent', 'code_verified', 'in_progress', 'accepted', 'rejected', 'cancelled'] as const;
export type PortabilityState = (typeof PORTABILITY_STATES)[number];

export type PortabilityEvent = 'send_code' | 'verify_code' | 'registry_accept' | 'registry_reject' | 'registry_pending' | 'cancel';

/** from → event → to. The one table of allowed transitions. */
export const PORTABILITY_TRANSITIONS: Readonly<Record<PortabilityState, Partial<Record<PortabilityEvent, PortabilityState>>>> = {
  draft: { send_code: 'code_sent', cancel: 'cancelled' },
  // a resend keeps the request waiting for the code
  code_sent: { send_code: 'code_sent', verify_code: 'code_verified', cancel: 'cancelled' },
  // the registry's answer may be lost (timeout): the verified request asks it again
  code_verified: { registry_accept: 'accepted', registry_reject: 'rejected', registry_pending: 'in_progress', cancel: 'cancelled' },
  in_progress: { registry_accept: 'accepted', registry_reject: 'rejected', registry_pending: 'in_progress' },
  accepted: { cancel: 'cancelled' },
  rejected: {},
  cancelled: {},
};

export function isPortabilityState(value: string): value is PortabilityState {
  return (PORTABILITY_STATES as ReadonlyArray<string>).includes(value);
}

/** The state after `event`, or null when the table does not allow it. */
export function nextPortabilityState(from: PortabilityState, event: PortabilityEvent): PortabilityState | null {
  return PORTABILITY_TRANSITIONS[from][event] ?? null;
}

/** States from which `event` is allowed (for guarded UPDATE … WHERE state IN (…) statements). */
export function portabilityStatesAllowing(event: PortabilityEvent): PortabilityState[] {
  return PORTABILITY_STATES.filter((s) => PORTABILITY_TRANSITIONS[s][event] !== undefined);
}

/** A request in one of these states is still open: a new request for the same line replaces it. */
export const OPEN_PORTABILITY_STATES: ReadonlyArray<PortabilityState> = ['draft', 'code_sent', 'code_verified'];

/** SPEC §4 "portability ready": the registry accepted the port, so the order may be created. */
export function isPortabilityReady(state: string): boolean {
  return state === 'accepted';
}

/** The portability journey's refusals. */
export const PortabilityErrorKeys = {
  noLine: 'pp.error.portability.no.line',
  noRequest: 'pp.error.portability.no.request',
  state: 'pp.error.portability.state',
  code: 'pp.error.portability.code',
  notReady: 'pp.error.portability.not.ready',
  notFound: 'pp.error.portability.not.found',
  ownNumber: 'pp.error.portability.own.number',
  noOrder: 'pp.error.portability.no.order',
} as const;

/** The screens of the portability journey (SPEC §2). */
export const PORTABILITY_PAGES = {
  landing: '/personas/planes/portabilidad',
  success: '/personas/planes/portabilidad/solicitud/exito',
  error: '/personas/planes/portabilidad/error',
  inProgress: '/personas/planes/portabilidad/encurso',
  company: '/personas/planesV2/compania-origenV2',
  code: '/personas/planesV2/cod-seguridadV2',
  status: '/personas/planesV2/validacion-portabilidad',
  /** Where an accepted port continues (the plans journey's delivery step). */
  next: '/personas/planesV2/datos-despacho',
} as const;

/** The page for a request's state: the registry's outcomes (solicitud/exito, error, encurso) or the step still to do. */
export function portabilityOutcomePath(state: PortabilityState): string {
  switch (state) {
    case 'accepted':
      return PORTABILITY_PAGES.success;
    case 'in_progress':
      return PORTABILITY_PAGES.inProgress;
    case 'rejected':
      return PORTABILITY_PAGES.error;
    case 'code_sent':
      return PORTABILITY_PAGES.code;
    // the registry's answer was lost: the status page asks it again
    case 'code_verified':
      return PORTABILITY_PAGES.status;
    default:
      return PORTABILITY_PAGES.company;
  }
}

export const PORTABILITY_REJECT_REASONS = [
  'document_mismatch',
  'debt',
  'port_in_progress',
  'minimum_stay',
  'stolen',
  'wrong_modality',
  'wrong_company',
] as const;
export type PortabilityRejectReason = (typeof PORTABILITY_REJECT_REASONS)[number];

/** The line's contract at the company of origin (Peru's registry checks it: DOMAIN.md). */
export const PORTABILITY_MODALITIES = ['prepaid', 'postpaid', 'hybrid'] as const;
export type PortabilityModality = (typeof PORTABILITY_MODALITIES)[number];

/** The companies a number can be brought from, and the per-market rules, live in `Market.portability`. */
export type { OriginCompany } from './market.ts';

export const SECURITY_CODE_LENGTH = 6;
export const SECURITY_CODE_TTL_MS = 10 * 60_000;
export const SECURITY_CODE_MAX_ATTEMPTS = 5;

export const portabilityRuleSets = {
  customer: (market: Market) =>
    z.object({
      phoneNumber: fields.phone(),
      document: fields.document(market),
      company: z.enum(market.portability.originCompanies.map((c) => c.id) as [string, ...string[]], 'portability.validation.company'),
      modality: market.portability.asksModality ? z.enum(PORTABILITY_MODALITIES, 'portability.validation.modality') : z.string().optional(),
    }),
  securityCode: () =>
    z.object({
      code: z
        .string()
        .trim()
        .regex(new RegExp(`^\\d{${SECURITY_CODE_LENGTH}}$`), 'validation.code'),
    }),
} as const;
