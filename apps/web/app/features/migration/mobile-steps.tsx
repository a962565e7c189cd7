import { StepNav } from '../../ui/step-nav.tsx';
import './migration.css';

const STEPS = [
  { key: 'delivery', label: 'mobile.step.delivery' },
  { key: 'confirmation', label: 'mobile.step.confirmation' },
  { key: 'done', label: 'mobile.step.done' },
] as const;

/** The mobile request's steps. */
export function MobileSteps({ current }: { current: (typeof STEPS)[number]['key'] }) {
  return <StepNav label="mobile.steps.label" steps={STEPS} current={current} />;
}
