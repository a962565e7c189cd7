import { useT } from '../../lib/root-data.ts';
import '../cart/cart.css';
import './migration.css';

const STEPS = [
  { key: 'plan', label: 'migration.step.plan' },
  { key: 'payment', label: 'migration.step.payment' },
  { key: 'done', label: 'migration.step.done' },
] as const;

/** The migration's steps, the current one marked for screen readers. */
export function MigrationSteps({ current }: { current: (typeof STEPS)[number]['key'] }) {
  const t = useT();
  return (
    <nav aria-label={t('migration.steps.label')}>
      <ol className="checkout-steps">
        {STEPS.map((s) => (
          <li key={s.key} aria-current={s.key === current ? 'step' : undefined}>
            {t(s.label)}
          </li>
        ))}
      </ol>
    </nav>
  );
}
