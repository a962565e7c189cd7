import type { TextareaHTMLAttributes } from 'react';
import { useT } from '../../lib/root-data.ts';

export interface Option {
  value: string;
  label: string;
}

function FieldError({ id, error }: { id: string; error?: string }) {
  const t = useT();
  if (!error) return null;
  return (
    <p className="field-error" id={`${id}-error`} role="alert">
      * {t(error)}
    </p>
  );
}

/** A labelled select of the sheet (department, province, district), its error under it. */
export function SelectField({
  id,
  label,
  value,
  options,
  onChange,
  error,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  options: Option[];
  onChange: (v: string) => void;
  error?: string;
  placeholder: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** Radio buttons in a fieldset whose legend names the choice. */
export function ChoiceGroup({
  name,
  legend,
  value,
  options,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  value: string;
  options: Option[];
  onChange: (v: string) => void;
  error?: string;
}) {
  const id = `field-${name}`;
  return (
    <fieldset className="field choice-group" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value}>
          <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} /> {o.label}
        </label>
      ))}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange'> {
  id: string;
  label: string;
  error?: string;
  onChange: (e: React.ChangeEvent<HTMLTextAreaElement>) => void;
}

export function TextArea({ id, label, error, ...input }: TextAreaProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} rows={5} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      <FieldError id={id} error={error} />
    </div>
  );
}
