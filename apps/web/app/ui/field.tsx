import type { InputHTMLAttributes } from 'react';
import { useT } from '../lib/root-data.ts';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  hint?: string;
  /** A message key or text; shown with a leading asterisk (SPEC §5). */
  error?: string;
}

export function Field({ id, label, hint, error, ...input }: FieldProps) {
  const t = useT();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined} {...input} />
      {error && (
        <p className="field-error" id={errorId} role="alert">
          * {t(error)}
        </p>
      )}
    </div>
  );
}
