import type { FormRefusal } from '../lib/form-action.ts';
import { useT } from '../lib/root-data.ts';

/** A form's refusal after a post without JavaScript, read out where the form is. */
export function FormRefusalMessage({ refusal }: { refusal: FormRefusal | undefined }) {
  const t = useT();
  if (!refusal) return null;
  return (
    <p className="form-error" role="alert" data-testid="form-refusal">
      {refusal.error.message ?? t(refusal.error.key)}
    </p>
  );
}
