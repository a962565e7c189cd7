import { useNavigate, type MetaFunction } from 'react-router';
import { PORTABILITY_PAGES } from '@andes/domain/portability';
import { pageTitle, useT } from '../../lib/root-data.ts';
import { PortabilitySteps } from '../../features/portability/steps.tsx';
import { CreditCheck } from '../../features/portability/credit-check.tsx';
import '../../features/cart/cart.css';

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'credit.financing.title');

/** "Financiamiento": the credit check before paying a phone in installments. */
export default function Financing() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <section className="page narrow">
      <PortabilitySteps current="financing" />
      <h1>{t('credit.financing.title')}</h1>
      <p>{t('credit.financing.intro')}</p>
      <CreditCheck purpose="financing" onApproved={() => navigate(PORTABILITY_PAGES.next)} />
    </section>
  );
}
