import { useT } from '../../lib/root-data.ts';

const STEPS = {
  identification: 'checkout.step.identification',
  delivery: 'checkout.step.delivery',
  payment: 'checkout.step.payment',
  additionalLine: 'plans.step.additionalLine',
} as const;

type Step = keyof typeof STEPS;

/** The named steps of the plans checkout (SPEC §2): Tus datos, Entrega, Resumen de compra; Linea adicional first for added lines. */
export function PlanSteps({ current, additionalLine = false }: { current: Step; additionalLine?: boolean }) {
  const t = useT();
  const steps: Step[] = additionalLine ? ['additionalLine', 'delivery', 'payment'] : ['identification', 'delivery', 'payment'];
  return (
    <nav aria-label={t('checkout.steps.label')}>
      <ol className="checkout-steps">
        {steps.map((s) => (
          <li key={s} aria-current={s === current ? 'step' : undefined}>
            {t(STEPS[s])}
          </li>
        ))}
      </ol>
    </nav>
  );
}
