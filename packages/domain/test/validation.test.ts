import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getMarket } from '../src/market.ts';
import { isWeakSecret, ruleSets, validate } from '../src/validation.ts';

const cl = getMarket('cl');
const pe = getMarket('pe');

describe('validate (the generic form validation of SPEC §5)', () => {
  const schema = z.object({
    name: z.string().trim().min(1, 'validation.required').min(3, 'validation.invalid'),
    email: z.string().trim().min(1, 'validation.required').pipe(z.email('validation.email')),
  });

  it('answers the parsed data when every field passes', () => {
    expect(validate(schema, { name: ' Ana ', email: 'ana@example.com' })).toEqual({ ok: true, data: { name: 'Ana', email: 'ana@example.com' } });
  });

  it('lists messages per field with the first broken rule first', () => {
    const result = validate(schema, { name: '', email: 'no' });
    expect(result).toEqual({ ok: false, errors: { name: ['validation.required', 'validation.invalid'], email: ['validation.email'] } });
  });

  it('reports a missing or non-text field as required', () => {
    const result = validate(schema, { name: 42 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual({ name: ['validation.required'], email: ['validation.required'] });
  });

  it('skips fields marked not to verify, and passes when only they fail', () => {
    const result = validate(schema, { name: 'Ana', email: 'no' }, ['email']);
    expect(result.ok).toBe(true);
    const other = validate(schema, { name: '', email: 'no' }, ['email']);
    expect(other).toEqual({ ok: false, errors: { name: ['validation.required', 'validation.invalid'] } });
  });
});

describe('rule sets per action, shared by browser and server', () => {
  it('sign in with a RUT and a 4-digit PIN in Chile', () => {
    expect(validate(ruleSets.login(cl), { username: '12.345.678-5', password: '1234' }).ok).toBe(true);
    expect(validate(ruleSets.login(cl), { username: '12.345.678-9', password: '123' })).toEqual({
      ok: false,
      errors: { username: ['validation.rut'], password: ['validation.pin'] },
    });
  });

  it('sign in with a phone or a DNI and a 6-digit password in Peru', () => {
    expect(validate(ruleSets.login(pe), { username: '987654321', password: '123456' }).ok).toBe(true);
    expect(validate(ruleSets.login(pe), { username: '45678912', password: '123456' }).ok).toBe(true);
    expect(validate(ruleSets.login(pe), { username: '1234', password: '1234' })).toEqual({
      ok: false,
      errors: { username: ['validation.loginIdentifier'], password: ['validation.pin'] },
    });
  });

  it('change a signed-in secret: the market length, no weak secret, and the same twice', () => {
    const change = ruleSets.passwordChangeLoggedIn(cl);
    expect(validate(change, { currentPassword: '1234', password: '8024', confirmPassword: '8024' }).ok).toBe(true);
    expect(validate(change, { currentPassword: '1234', password: '4444', confirmPassword: '4444' })).toEqual({
      ok: false,
      errors: { password: ['validation.passwordWeak'] },
    });
    expect(validate(change, { currentPassword: '1234', password: '8024', confirmPassword: '8025' })).toEqual({
      ok: false,
      errors: { confirmPassword: ['validation.passwordMismatch'] },
    });
    expect(validate(ruleSets.passwordChangeLoggedIn(pe), { currentPassword: '1234', password: '8024', confirmPassword: '8024' })).toEqual({
      ok: false,
      errors: { currentPassword: ['validation.pin'], password: ['validation.pin'] },
    });
  });

  it("recover a secret with the market's document and a mobile number", () => {
    expect(validate(ruleSets.passwordValidatePhone(cl), { document: '15.432.198-5', phoneNumber: '987654321' }).ok).toBe(true);
    expect(validate(ruleSets.passwordValidatePhone(pe), { document: '15.432.198-5', phoneNumber: '887654321' })).toEqual({
      ok: false,
      errors: { document: ['validation.dni'], phoneNumber: ['validation.phone'] },
    });
  });
});

describe('isWeakSecret', () => {
  it('refuses repeated digits and straight runs, up or down', () => {
    for (const weak of ['0000', '1234', '4321', '123456', '987654', '999999']) expect(isWeakSecret(weak), weak).toBe(true);
    for (const fine of ['8024', '1357', '802461', '246813', '1243']) expect(isWeakSecret(fine), fine).toBe(false);
  });
});
