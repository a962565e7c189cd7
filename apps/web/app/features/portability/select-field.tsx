import { useT } from '../../lib/root-data.ts';

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** A message key; shown with a leading asterisk (SPEC §5). */
  error?: string;
  onChange: (value: string) => void;
}

export function SelectField({ id, label, value, placeholder, options, error, onChange }: SelectFieldProps) {
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={id}
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
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          * {t(error)}
        </p>
      )}
    </div>
  );
}
