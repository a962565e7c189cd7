import { useT } from '../lib/root-data.ts';
import './step-nav.css';

export interface StepNavProps<K extends string> {
  /** Message key of the navigation's accessible name. */
  label: string;
  /** The steps in order, each with the message key of its name. */
  steps: ReadonlyArray<{ key: K; label: string }>;
  current: K;
  /** Steps already passed, said so to screen readers. */
  done?: readonly K[];
  /** Message key of the "done" note read after a passed step. */
  doneLabel?: string;
}

/** A journey's named steps, the current one marked for screen readers (every journey's step bar). */
export function StepNav<K extends string>({ label, steps, current, done = [], doneLabel }: StepNavProps<K>) {
  const t = useT();
  return (
    <nav aria-label={t(label)}>
      <ol className="checkout-steps">
        {steps.map((s) => (
          <li key={s.key} aria-current={s.key === current ? 'step' : undefined} data-done={done.includes(s.key) || undefined}>
            {t(s.label)}
            {doneLabel && done.includes(s.key) && <span className="sr-only"> {t(doneLabel)}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
