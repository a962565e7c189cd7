import { StepNav } from '../../ui/step-nav.tsx';
import './migration.css';

const STEPS = [
  { key: 'plan', label: 'migration.step.plan' },
  { key: 'payment', label: 'migration.step.payment' },
  { key: 'done', label: 'migration.step.done' },
] as const;

/** The migration's steps. */
export function MigrationSteps({ current }: { current: (typeof STEPS)[number]['key'] }) {
  return <StepNav label="migration.steps.label" steps={STEPS} current={current} />;
}
