import { describe, expect, it } from 'vitest';
import { normalizeInsurance, toggleInsurance, type InsuranceOption } from '../src/insurance-selection.ts';

const option = (id: string, exclusions: string[] = [], extra: Partial<InsuranceOption> = {}): InsuranceOption => ({
  id,
  enabled: true,
  checked: false,
  exclusions,
  ...extra,
});

const state = (options: InsuranceOption[]) => Object.fromEntries(options.map((o) => [o.id, { enabled: o.enabled, checked: o.checked }]));

describe('toggleInsurance', () => {
  it('checks the chosen option and disables and unchecks those it excludes', () => {
    const options = [option('A', ['B']), option('B', [], { checked: true }), option('C')];
    const next = toggleInsurance(options, 'A', true);
    expect(state(next)).toEqual({
      A: { enabled: true, checked: true },
      B: { enabled: false, checked: false },
      C: { enabled: true, checked: false },
    });
  });

  it('treats exclusion as symmetric', () => {
    const options = [option('A'), option('B', ['A'])];
    expect(state(toggleInsurance(options, 'A', true)).B).toEqual({ enabled: false, checked: false });
  });

  it('does not mutate the input', () => {
    const options = [option('A', ['B']), option('B')];
    const snapshot = structuredClone(options);
    const next = toggleInsurance(options, 'A', true);
    expect(options).toEqual(snapshot);
    expect(next).not.toBe(options);
  });

  it('cannot check an option that is not enabled', () => {
    const options = [option('A', [], { enabled: false }), option('B')];
    expect(toggleInsurance(options, 'A', true)).toBe(options);
  });

  it('ignores an unknown id', () => {
    const options = [option('A')];
    expect(toggleInsurance(options, 'Z', true)).toBe(options);
    expect(toggleInsurance(options, 'Z', false)).toBe(options);
  });

  it('re-enables what an unchecked option excluded', () => {
    const checked = toggleInsurance([option('A', ['B']), option('B')], 'A', true);
    const next = toggleInsurance(checked, 'A', false);
    expect(state(next)).toEqual({ A: { enabled: true, checked: false }, B: { enabled: true, checked: false } });
  });

  it('keeps a third option disabled while another checked option still excludes it', () => {
    let options = [option('A', ['C']), option('B', ['C']), option('C')];
    options = toggleInsurance(options, 'A', true);
    options = toggleInsurance(options, 'B', true);
    expect(state(options).C).toEqual({ enabled: false, checked: false });

    options = toggleInsurance(options, 'A', false);
    expect(state(options)).toEqual({
      A: { enabled: true, checked: false },
      B: { enabled: true, checked: true },
      C: { enabled: false, checked: false },
    });

    options = toggleInsurance(options, 'B', false);
    expect(state(options).C).toEqual({ enabled: true, checked: false });
  });

  it('keeps disabled an option excluded the other way round by a still-checked option', () => {
    let options = [option('A', ['C']), option('B'), option('C', ['B'])];
    options = toggleInsurance(options, 'A', true);
    options = toggleInsurance(options, 'B', true);
    options = toggleInsurance(options, 'A', false);
    expect(state(options).C).toEqual({ enabled: false, checked: false });
  });

  it('leaves unrelated disabled options alone when unchecking', () => {
    let options = [option('A', ['B']), option('B'), option('D', [], { enabled: false })];
    options = toggleInsurance(options, 'A', true);
    options = toggleInsurance(options, 'A', false);
    expect(state(options).D).toEqual({ enabled: false, checked: false });
  });

  it('keeps the extra fields of richer option objects', () => {
    const options = [
      { ...option('A', ['B']), displayName: 'Robo' },
      { ...option('B'), displayName: 'Daño' },
    ];
    const next = toggleInsurance(options, 'A', true);
    expect(next.map((o) => o.displayName)).toEqual(['Robo', 'Daño']);
  });
});

describe('normalizeInsurance', () => {
  it('coerces numeric strings and keeps numbers', () => {
    const result = normalizeInsurance({ id: 'x', insuranceValidity: '12', eventsNumber: 2 });
    expect(result).toEqual({ id: 'x', insuranceValidity: 12, eventsNumber: 2, enabled: true, checked: false });
  });

  it('uses 0 for values that are not numeric', () => {
    for (const value of ['12 meses', '', '  ', null, undefined, Number.NaN, Infinity, {}, true]) {
      const result = normalizeInsurance({ insuranceValidity: value, eventsNumber: value });
      expect(result.insuranceValidity).toBe(0);
      expect(result.eventsNumber).toBe(0);
    }
  });

  it('defaults enabled to true and checked to false, keeping given values', () => {
    expect(normalizeInsurance({})).toMatchObject({ enabled: true, checked: false });
    expect(normalizeInsurance({ enabled: false, checked: true })).toMatchObject({ enabled: false, checked: true });
  });
});
