import { describe, expect, it } from 'vitest';
import { getMarket } from '../src/market.ts';
import { validate } from '../src/validation.ts';
import {
  PORTABILITY_STATES,
  PORTABILITY_TRANSITIONS,
  isPortabilityReady,
  nextPortabilityState,
  portabilityOutcomePath,
  portabilityRuleSets,
  portabilityStatesAllowing,
} from '../src/portability.ts';
import { allAnswersRight, identityOutcome } from '../src/identity.ts';
import { creditErrorKey, creditFailurePath } from '../src/credit.ts';

describe('portability state machine', () => {
  it('walks the happy path: data, code sent, code verified, accepted', () => {
    let state = nextPortabilityState('draft', 'send_code');
    expect(state).toBe('code_sent');
    state = nextPortabilityState(state!, 'verify_code');
    expect(state).toBe('code_verified');
    expect(nextPortabilityState(state!, 'registry_accept')).toBe('accepted');
  });

  it('keeps a request under review until the registry decides, then accepts or rejects it', () => {
    expect(nextPortabilityState('code_verified', 'registry_pending')).toBe('in_progress');
    expect(nextPortabilityState('in_progress', 'registry_pending')).toBe('in_progress');
    expect(nextPortabilityState('in_progress', 'registry_accept')).toBe('accepted');
    expect(nextPortabilityState('in_progress', 'registry_reject')).toBe('rejected');
  });

  it('refuses moves the table does not list', () => {
    expect(nextPortabilityState('draft', 'verify_code')).toBeNull();
    expect(nextPortabilityState('code_sent', 'registry_accept')).toBeNull();
    expect(nextPortabilityState('rejected', 'send_code')).toBeNull();
    expect(nextPortabilityState('accepted', 'verify_code')).toBeNull();
    // a request the registry is reviewing cannot be withdrawn from our side
    expect(nextPortabilityState('in_progress', 'cancel')).toBeNull();
  });

  it('has final states with no way out and every target is a known state', () => {
    expect(Object.keys(PORTABILITY_TRANSITIONS.rejected)).toEqual([]);
    expect(Object.keys(PORTABILITY_TRANSITIONS.cancelled)).toEqual([]);
    for (const moves of Object.values(PORTABILITY_TRANSITIONS)) for (const to of Object.values(moves)) expect(PORTABILITY_STATES).toContain(to);
  });

  it('lists the states an event may start from, for guarded updates', () => {
    expect(portabilityStatesAllowing('send_code').sort()).toEqual(['code_sent', 'draft']);
    expect(portabilityStatesAllowing('registry_accept').sort()).toEqual(['code_verified', 'in_progress']);
  });

  it('is ready for payment only once accepted, and sends each outcome to its page', () => {
    expect(PORTABILITY_STATES.filter(isPortabilityReady)).toEqual(['accepted']);
    expect(portabilityOutcomePath('accepted')).toBe('/personas/planes/portabilidad/solicitud/exito');
    expect(portabilityOutcomePath('in_progress')).toBe('/personas/planes/portabilidad/encurso');
    expect(portabilityOutcomePath('rejected')).toBe('/personas/planes/portabilidad/error');
    expect(portabilityOutcomePath('code_sent')).toBe('/personas/planesV2/cod-seguridadV2');
    expect(portabilityOutcomePath('code_verified')).toBe('/personas/planesV2/validacion-portabilidad');
    expect(portabilityOutcomePath('draft')).toBe('/personas/planesV2/compania-origenV2');
  });
});

describe('portability inputs per market', () => {
  const cl = getMarket('cl');
  const pe = getMarket('pe');

  it('offers each market its own companies of origin', () => {
    expect(getMarket('cl').portability.originCompanies.map((c) => c.id)).toContain('wom');
    expect(getMarket('pe').portability.originCompanies.map((c) => c.id)).toContain('bitel');
    expect(getMarket('pe').portability.originCompanies.map((c) => c.id)).not.toContain('wom');
  });

  it('checks number, document and company; Peru also asks the modality', () => {
    const good = { phoneNumber: '912345671', document: '76.086.428-5', company: 'wom' };
    expect(validate(portabilityRuleSets.customer(cl), good).ok).toBe(true);
    const bad = validate(portabilityRuleSets.customer(cl), { phoneNumber: '812345671', document: '18.972.631-0', company: 'bitel' });
    expect(bad.ok ? {} : bad.errors).toEqual({ phoneNumber: ['validation.phone'], document: ['validation.rut'], company: ['portability.validation.company'] });
    const noModality = validate(portabilityRuleSets.customer(pe), { phoneNumber: '912345671', document: '12345678', company: 'bitel' });
    expect(noModality.ok ? {} : noModality.errors).toEqual({ modality: ['portability.validation.modality'] });
    expect(validate(portabilityRuleSets.customer(pe), { phoneNumber: '912345671', document: '12345678', company: 'bitel', modality: 'prepaid' }).ok).toBe(true);
  });

  it('takes a 6-digit code only', () => {
    expect(validate(portabilityRuleSets.securityCode(), { code: '123456' }).ok).toBe(true);
    expect(validate(portabilityRuleSets.securityCode(), { code: '12345a' }).ok).toBe(false);
  });
});

describe('identity and credit rules', () => {
  it('passes a round only when every question has its right option', () => {
    const expected = { q1: 'a', q2: 'b' };
    expect(allAnswersRight(expected, { q1: 'a', q2: 'b' })).toBe(true);
    expect(allAnswersRight(expected, { q1: 'a' })).toBe(false);
    expect(allAnswersRight(expected, { q1: 'a', q2: 'c' })).toBe(false);
    expect(allAnswersRight({}, {})).toBe(false);
  });

  it('locks on the third failed round', () => {
    expect(identityOutcome(true, 2)).toBe('passed');
    expect(identityOutcome(false, 0)).toBe('failed');
    expect(identityOutcome(false, 1)).toBe('failed');
    expect(identityOutcome(false, 2)).toBe('locked');
  });

  it('sends a refused credit check to rejected-credit or generic-error', () => {
    expect(creditFailurePath('approved')).toBeNull();
    expect(creditFailurePath('rejected')).toBe('/personas/equipos/lineas/solicitud/rejected-credit');
    expect(creditFailurePath('error')).toBe('/personas/equipos/lineas/solicitud/generic-error');
    expect(creditErrorKey('rejected')).toBe('rejected-credit');
  });
});
