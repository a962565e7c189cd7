import { useRef, useState, useEffect } from 'react';
import { redirect, useLoaderData, type MetaFunction } from 'react-router';
import { REQUIREMENT_PAGES } from '@andes/domain/journey-requirements';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { CreditCheck } from '../../features/portability/credit-check.tsx';
import { JourneyStepBar } from '../../features/portability/steps.tsx';
import { ContinueJourneyButton } from '../../features/portability/continue-button.tsx';
import { REQUIREMENTS_URL, documentFor } from '../../features/portability/journey.ts';
import '../../features/cart/cart.css';
import '../../features/portability/portability.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('plans', 'portability');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'credit.request.title');

/** An additional line's journey asks the identity questions before the credit check. */
export async function loader({ context }: LoaderArgs) {
  const res = await context.api<'GET /restpp/subscriber/active/requirements'>(REQUIREMENTS_URL);
  const requirements = res.body.success ? res.body : null;
  if (requirements?.next === REQUIREMENT_PAGES.identity) throw redirect(REQUIREMENT_PAGES.identity);
  return { requirements };
}

/** /personas/equipos/lineas/solicitud ("Línea adicional"): an additional line needs the credit check first. */
export default function AdditionalLineRequest() {
  const { requirements } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [approved, setApproved] = useState(false);
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (approved) notice.current?.focus();
  }, [approved]);
  return (
    <section className="page narrow">
      <JourneyStepBar requirements={requirements} current="additionalLine" />
      <h1>{t('credit.request.title')}</h1>
      {approved ? (
        <>
          <p className="notice-success" role="status" tabIndex={-1} ref={notice}>
            {t('credit.approved')}
          </p>
          <ContinueJourneyButton label={t('credit.approved.continue')} fallback="/personas/planes/lineasadicionales" />
        </>
      ) : (
        <>
          <p>{t('credit.request.intro')}</p>
          <CreditCheck purpose="additionalLine" initialDocument={documentFor(requirements, 'credit', market)} onApproved={() => setApproved(true)} />
        </>
      )}
    </section>
  );
}
