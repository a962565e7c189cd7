import { useT } from '../../lib/root-data.ts';
import { journeySteps, type JourneyRequirements } from './journey.ts';

const LABELS = {
  data: 'portability.steps.data',
  identity: 'portability.steps.identity',
  financing: 'portability.steps.financing',
  additionalLine: 'plans.step.additionalLine',
} as const;

export type PortabilityStepKey = keyof typeof LABELS;

/**
 * The named steps of the plans checkout this journey goes through (SPEC §2: Datos a portar,
 * Validación de Identidad, Financiamiento, Linea adicional), from the server's checks of the cart
 * (journey.ts journeySteps): the current one marked, the passed ones said so.
 */
export function PortabilitySteps({ steps, current, done = [] }: { steps: readonly PortabilityStepKey[]; current: PortabilityStepKey; done?: readonly PortabilityStepKey[] }) {
  const t = useT();
  return (
    <nav aria-label={t('portability.steps.label')}>
      <ol className="checkout-steps">
        {steps.map((s) => (
          <li key={s} aria-current={s === current ? 'step' : undefined} data-done={done.includes(s) || undefined}>
            {t(LABELS[s])}
            {done.includes(s) && <span className="portability-sr-only"> {t('portability.steps.done')}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The step bar for the cart's journey as the server's checks describe it (null: the page alone). */
export function JourneyStepBar({ requirements, current }: { requirements: JourneyRequirements | null; current: PortabilityStepKey }) {
  const { keys, done } = journeySteps(requirements, current);
  return <PortabilitySteps steps={keys} current={current} done={done} />;
}
