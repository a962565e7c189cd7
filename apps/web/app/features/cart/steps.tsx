import { StepNav } from '../../ui/step-nav.tsx';

const STEPS = [
  { key: 'identification', label: 'checkout.step.identification' },
  { key: 'delivery', label: 'checkout.step.delivery' },
  { key: 'payment', label: 'checkout.step.payment' },
] as const;

/** The checkout's named steps. */
export function CheckoutSteps({ current }: { current: (typeof STEPS)[number]['key'] }) {
  return <StepNav label="checkout.steps.label" steps={STEPS} current={current} />;
}
