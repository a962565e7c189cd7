import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getMarket } from '@andes/domain/market';
import { ruleSets } from '@andes/domain/validation';
import { checkFields, cleanField, shownError, withoutServerError } from './form.ts';

const cl = getMarket('cl');
const pe = getMarket('pe');

describe('cleanField', () => {
  it("cleans as typed by the field's type and the market: Chile formats the RUT, Peru keeps digits", () => {
    expect(cleanField({ type: 'rut', maxLength: cl.document.length }, '123456785', cl)).toBe('12.345.678-5');
    expect(cleanField({ type: 'rut', maxLength: pe.document.length }, '12.345.678-k', pe)).toBe('12345678');
    expect(cleanField({ type: 'currency' }, '12990', cl)).toBe('$12.990');
    expect(cleanField({ type: 'currency' }, '12990', pe)).toBe('S/ 12,990');
  });

  it("cuts to the field's length, and leaves untyped fields as they are", () => {
    expect(cleanField({ type: 'numeric', maxLength: cl.pinLength }, '12a345', cl)).toBe('1234');
    expect(cleanField({ type: 'numeric', maxLength: pe.pinLength }, '1234567', pe)).toBe('123456');
    expect(cleanField({}, ' a-b ', pe)).toBe(' a-b ');
  });
});

describe('checkFields', () => {
  const schema = z.object({ code: z.string().regex(/^\d{6}$/, 'validation.code'), note: z.string().min(1, 'validation.required') });

  it('validates every registered field with the rule set', () => {
    expect(checkFields(schema, { code: {}, note: {} }, { code: '12', note: '' })).toEqual({
      ok: false,
      errors: { code: ['validation.code'], note: ['validation.required'] },
    });
  });

  it('skips fields marked not to verify', () => {
    expect(checkFields(schema, { code: { noVerify: true }, note: {} }, { code: '12', note: 'x' })).toEqual({ ok: true, errors: {} });
  });

  it('uses the same rule sets as the server', () => {
    const login = checkFields(ruleSets.login(cl), { username: {}, password: {} }, { username: '12.345.678-5', password: '12' });
    expect(login).toEqual({ ok: false, errors: { password: ['validation.pin'] } });
  });
});

describe('shownError', () => {
  const client = { pin: ['validation.pin', 'validation.required'] };

  it("shows the rule's first message only once the field was left", () => {
    expect(shownError('pin', {}, client, false)).toBeUndefined();
    expect(shownError('pin', {}, client, true)).toBe('validation.pin');
  });

  it("shows the server's first message for the field first, touched or not", () => {
    expect(shownError('pin', { pin: ['pp.error.login.invalid', 'x'] }, client, false)).toBe('pp.error.login.invalid');
    expect(shownError('other', { pin: ['pp.error.login.invalid'] }, {}, true)).toBeUndefined();
  });

  it('drops the server message of a field once it is typed into again', () => {
    const errors = { pin: ['a'], rut: ['b'] };
    expect(withoutServerError(errors, 'pin')).toEqual({ rut: ['b'] });
    expect(withoutServerError(errors, 'email')).toBe(errors);
  });
});
