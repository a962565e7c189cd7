import { useT } from '../../lib/root-data.ts';

const STEPS = [
  { key: 'identification', label: 'checkout.step.identification' },
  { key: 'delivery', label: 'checkout.step.delivery' },
  { key: 'payment', label: 'checkout.step.payment' },
] as const;

/** The checkout's named steps, the current one marked for screen readers. */
export function CheckoutSteps({ current }: { current: (typeof STEPS)[number]['key'] }) {
  const t = useT();
  return (
    <nav aria-label={t('checkout.steps.label')}>
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
