import { StepNav } from '../../ui/step-nav.tsx';
import { journeySteps } from './journey.ts';
import type { JourneyRequirements } from '@andes/contract/answers';

const LABELS = {
  data: 'portability.steps.data',
  identity: 'portability.steps.identity',
  financing: 'portability.steps.financing',
  additionalLine: 'plans.step.additionalLine',
} as const;

export type PortabilityStepKey = keyof typeof LABELS;

/**
 * The named steps of the plans checkout this journey goes through (SPEC §2: Datos a portar,
 * Validación de Identidad, Financiamiento, Línea adicional), from the server's checks of the cart
 * (journey.ts journeySteps): the current one marked, the passed ones said so.
 */
export function PortabilitySteps({
  steps,
  current,
  done = [],
}: {
  steps: readonly PortabilityStepKey[];
  current: PortabilityStepKey;
  done?: readonly PortabilityStepKey[];
}) {
  return (
    <StepNav
      label="portability.steps.label"
      steps={steps.map((key) => ({ key, label: LABELS[key] }))}
      current={current}
      done={done}
      doneLabel="portability.steps.done"
    />
  );
}

/** The step bar for the cart's journey as the server's checks describe it (null: the page alone). */
export function JourneyStepBar({ requirements, current }: { requirements: JourneyRequirements | null; current: PortabilityStepKey }) {
  const { keys, done } = journeySteps(requirements, current);
  return <PortabilitySteps steps={keys} current={current} done={done} />;
}
