import { useT } from '../../lib/root-data.ts';

const STEPS = [
  { key: 'data', label: 'portability.steps.data' },
  { key: 'identity', label: 'portability.steps.identity' },
  { key: 'financing', label: 'portability.steps.financing' },
] as const;

export type PortabilityStepKey = (typeof STEPS)[number]['key'];

/** The named steps of the plans checkout this capability shows (SPEC §2), the current one marked. */
export function PortabilitySteps({ current }: { current: PortabilityStepKey }) {
  const t = useT();
  return (
    <nav aria-label={t('portability.steps.label')}>
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
