import { useRef, useState, useEffect } from 'react';
import type { MetaFunction } from 'react-router';
import { pageTitle, useT } from '../../lib/root-data.ts';
import { CreditCheck } from '../../features/portability/credit-check.tsx';
import '../../features/cart/cart.css';

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'credit.request.title');

/** /personas/equipos/lineas/solicitud: an additional line needs the credit check first. */
export default function AdditionalLineRequest() {
  const t = useT();
  const [approved, setApproved] = useState(false);
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (approved) notice.current?.focus();
  }, [approved]);
  return (
    <section className="page narrow">
      <h1>{t('credit.request.title')}</h1>
      {approved ? (
        <>
          <p className="notice-success" role="status" tabIndex={-1} ref={notice}>
            {t('credit.approved')}
          </p>
          <a className="button button-wide" href="/personas/planes/lineasadicionales">
            {t('credit.approved.continue')}
          </a>
        </>
      ) : (
        <>
          <p>{t('credit.request.intro')}</p>
          <CreditCheck purpose="additionalLine" onApproved={() => setApproved(true)} />
        </>
      )}
    </section>
  );
}
