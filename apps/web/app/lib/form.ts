import { useCallback, useEffect, useMemo, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import { cleanInput, type CleaningMarket, type FieldType } from '@andes/domain/clean';
import { validate, type FieldErrors } from '@andes/domain/validation';

/**
 * Generic form validation of SPEC §5, once for every screen: registered fields are validated by the
 * action's rule set (the same one the server uses), fields marked not to verify are skipped, input
 * is cleaned as typed, the first message shows under the field, server errors land per field, and
 * submit is enabled only when every validated field passes.
 */
export interface FieldSpec {
  type?: FieldType;
  maxLength?: number;
  noVerify?: boolean;
}

export interface UseFormOptions<N extends string> {
  schema: z.ZodType;
  /** The market's rules for cleaning (RUT or DNI, currency). */
  market: CleaningMarket;
  fields: Record<N, FieldSpec>;
  initial?: Partial<Record<N, string>>;
  /** The server's refusal of a form posted before JavaScript ran, shown under each field. */
  initialErrors?: FieldErrors;
}

/** A value as typed, cleaned for its field type and cut to its length. */
export function cleanField(spec: FieldSpec, raw: string, market: CleaningMarket): string {
  const value = spec.type ? cleanInput(spec.type, raw, market) : raw;
  return spec.maxLength ? value.slice(0, spec.maxLength) : value;
}

/** The rule set's verdict over the registered fields, without the ones marked not to verify. */
export function checkFields<N extends string>(schema: z.ZodType, fields: Record<N, FieldSpec>, values: Record<N, string>) {
  const skip = (Object.keys(fields) as N[]).filter((n) => fields[n].noVerify);
  const result = validate(schema, values, skip);
  return { ok: result.ok, errors: result.ok ? ({} as FieldErrors) : result.errors };
}

/**
 * The message key under a field: the server's first message for it, else the rule's first once
 * the customer has left the field (or tried to submit).
 */
export function shownError(name: string, serverErrors: FieldErrors, clientErrors: FieldErrors, touched: boolean): string | undefined {
  return serverErrors[name]?.[0] ?? (touched ? clientErrors[name]?.[0] : undefined);
}

/** A server error is about the value the customer sent: typing a new one clears it. */
export function withoutServerError(errors: FieldErrors, name: string): FieldErrors {
  if (!errors[name]) return errors;
  const { [name]: _dropped, ...rest } = errors;
  return rest;
}

export function useForm<N extends string>({ schema, market, fields, initial, initialErrors }: UseFormOptions<N>) {
  const names = Object.keys(fields) as N[];
  const [values, setValues] = useState<Record<N, string>>(() => Object.fromEntries(names.map((n) => [n, initial?.[n] ?? ''])) as Record<N, string>);
  const [touched, setTouched] = useState<Partial<Record<N, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>(initialErrors ?? {});
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const result = useMemo(() => checkFields(schema, fields, values), [schema, fields, values]);

  const setValue = useCallback(
    (name: N, raw: string) => {
      const value = cleanField(fields[name], raw, market);
      setValues((v) => ({ ...v, [name]: value }));
      setServerErrors((e) => withoutServerError(e, name));
    },
    [fields, market],
  );

  const errorFor = (name: N): string | undefined => shownError(name, serverErrors, result.errors, !!touched[name]);

  const register = (name: N) => ({
    name,
    id: `field-${name}`,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValue(name, e.target.value),
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    maxLength: fields[name].maxLength,
  });

  return {
    values,
    register,
    setValue,
    errorFor,
    /** Before hydration the form posts natively, so the button must not start disabled. */
    canSubmit: !hydrated || result.ok,
    /** Forms that only work with JavaScript (they call the API) keep their button disabled until this. */
    hydrated,
    touchAll: () => setTouched(Object.fromEntries(names.map((n) => [n, true])) as Record<N, boolean>),
    setServerErrors,
  };
}

export type Form<N extends string> = ReturnType<typeof useForm<N>>;
