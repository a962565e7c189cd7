import { StepNav } from '../../ui/step-nav.tsx';

const STEPS = {
  identification: { key: 'identification', label: 'checkout.step.identification' },
  delivery: { key: 'delivery', label: 'checkout.step.delivery' },
  payment: { key: 'payment', label: 'checkout.step.payment' },
  additionalLine: { key: 'additionalLine', label: 'plans.step.additionalLine' },
} as const;

type Step = keyof typeof STEPS;

/** The named steps of the plans checkout (SPEC §2): Tus datos, Entrega, Resumen de compra; Línea adicional first for added lines. */
export function PlanSteps({ current, additionalLine = false }: { current: Step; additionalLine?: boolean }) {
  const first = additionalLine ? STEPS.additionalLine : STEPS.identification;
  return <StepNav<Step> label="checkout.steps.label" steps={[first, STEPS.delivery, STEPS.payment]} current={current} />;
}
