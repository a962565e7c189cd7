import { useCallback, useEffect, useMemo, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import { cleanInput, type FieldType } from '@andes/domain/clean';
import { validate, type FieldErrors } from '@andes/domain/validation';
import type { SiteId } from '@andes/domain/market';

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
  site: SiteId;
  fields: Record<N, FieldSpec>;
  initial?: Partial<Record<N, string>>;
}

export function useForm<N extends string>({ schema, site, fields, initial }: UseFormOptions<N>) {
  const names = Object.keys(fields) as N[];
  const [values, setValues] = useState<Record<N, string>>(
    () => Object.fromEntries(names.map((n) => [n, initial?.[n] ?? ''])) as Record<N, string>,
  );
  const [touched, setTouched] = useState<Partial<Record<N, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const skip = useMemo(() => names.filter((n) => fields[n].noVerify), [names, fields]);
  const result = useMemo(() => validate(schema, values, skip), [schema, values, skip]);
  const clientErrors: FieldErrors = result.ok ? {} : result.errors;

  const setValue = useCallback(
    (name: N, raw: string) => {
      const spec = fields[name];
      let value = spec.type ? cleanInput(spec.type, raw, site) : raw;
      if (spec.maxLength) value = value.slice(0, spec.maxLength);
      setValues((v) => ({ ...v, [name]: value }));
      setServerErrors((e) => {
        if (!e[name]) return e;
        const { [name]: _dropped, ...rest } = e;
        return rest;
      });
    },
    [fields, site],
  );

  /** The message key to show under a field: the server's first, else the rule's first once touched. */
  const errorFor = (name: N): string | undefined =>
    serverErrors[name]?.[0] ?? (touched[name] ? clientErrors[name]?.[0] : undefined);

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
