import { StepNav } from '../../ui/step-nav.tsx';
import './activation.css';

const NEW_NUMBER = [
  { key: 'data', label: 'activation.step.data' },
  { key: 'plan', label: 'activation.step.plan' },
  { key: 'payment', label: 'activation.step.payment' },
  { key: 'done', label: 'activation.step.done' },
] as const;

const PORT = [
  { key: 'data', label: 'activation.step.data' },
  { key: 'port', label: 'activation.step.port' },
  { key: 'plan', label: 'activation.step.plan' },
  { key: 'payment', label: 'activation.step.payment' },
  { key: 'done', label: 'activation.step.done' },
] as const;

export type ActivationStepKey = 'data' | 'port' | 'plan' | 'payment' | 'done';

/** The activation's steps, per journey. */
export function ActivationSteps({ journey, current }: { journey: 'newNumber' | 'port'; current: ActivationStepKey }) {
  const steps = journey === 'port' ? PORT : NEW_NUMBER;
  const order = steps.map((s) => s.key as ActivationStepKey);
  const done = order.slice(0, order.indexOf(current));
  return <StepNav label="activation.steps.label" steps={steps} current={current} done={done} />;
}
