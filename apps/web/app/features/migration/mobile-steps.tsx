import { useT } from '../../lib/root-data.ts';
import '../cart/cart.css';
import './migration.css';

const STEPS = [
  { key: 'delivery', label: 'mobile.step.delivery' },
  { key: 'confirmation', label: 'mobile.step.confirmation' },
  { key: 'done', label: 'mobile.step.done' },
] as const;

/** The mobile request's steps, the current one marked for screen readers. */
export function MobileSteps({ current }: { current: (typeof STEPS)[number]['key'] }) {
  const t = useT();
  return (
    <nav aria-label={t('mobile.steps.label')}>
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
