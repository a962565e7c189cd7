import { useLoaderData, type MetaFunction } from 'react-router';
import { useNavigate } from 'react-router';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { JourneyStepBar } from '../../features/portability/steps.tsx';
import { CreditCheck } from '../../features/portability/credit-check.tsx';
import { REQUIREMENTS_URL, continueJourney, documentFor } from '../../features/portability/journey.ts';
import '../../features/cart/cart.css';
import '../../features/portability/portability.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('plans', 'portability');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'credit.financing.title');

export async function loader({ context }: LoaderArgs) {
  const res = await context.api<'GET /restpp/subscriber/active/requirements'>(REQUIREMENTS_URL);
  return { requirements: res.body.success ? res.body : null };
}

/**
 * "Financiamiento": the credit check before paying a phone in installments. An approval goes on with
 * the journey (the order and its delivery step); a phone gone from stock meanwhile goes to
 * equipment-error, a refusal to rejected-credit.
 */
export default function Financing() {
  const { requirements } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const navigate = useNavigate();
  return (
    <section className="page narrow">
      <JourneyStepBar requirements={requirements} current="financing" />
      <h1>{t('credit.financing.title')}</h1>
      <p>{t('credit.financing.intro')}</p>
      <CreditCheck purpose="financing" initialDocument={documentFor(requirements, 'credit', market)} onApproved={() => continueJourney(navigate)} />
    </section>
  );
}
