import { useEffect, useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { constants } from '@andes/domain/market';
import { PORTABILITY_PAGES } from '@andes/domain/portability';
import { formatPhone } from '@andes/domain/documents';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { JourneyStepBar } from '../../features/portability/steps.tsx';
import { REQUIREMENTS_URL } from '../../features/portability/journey.ts';
import { ContinueJourneyButton } from '../../features/portability/continue-button.tsx';
import type { PortabilityRequest, RequestAnswer } from '../../features/portability/types.ts';
import '../../features/cart/cart.css';
import '../../features/portability/portability.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('account', 'plans', 'portability');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'portability.status.title');

/** The request of this session's cart, or one looked up by its number and phone (?number=&phoneNumber=). */
export async function loader({ request: req, context }: LoaderArgs) {
  const query = new URL(req.url).searchParams;
  const number = query.get('number');
  const phoneNumber = query.get('phoneNumber');
  const url =
    number && phoneNumber
      ? `/restpp/subscriber/portability/order?number=${encodeURIComponent(number)}&phoneNumber=${encodeURIComponent(phoneNumber)}`
      : '/restpp/subscriber/portability/originalInfo';
  const [res, requirements] = await Promise.all([
    context.api<'GET /restpp/subscriber/portability/originalInfo'>(url),
    context.api<'GET /restpp/subscriber/active/requirements'>(REQUIREMENTS_URL),
  ]);
  return {
    answer: res.body.success ? { request: res.body.request, next: res.body.next, line: res.body.line ?? null } : null,
    url,
    requirements: requirements.body.success ? requirements.body : null,
    ownCart: !(number && phoneNumber),
  };
}

function Facts({ r, line }: { r: PortabilityRequest; line: RequestAnswer['line'] }) {
  const t = useT();
  const market = useMarket();
  const company = market.portability.originCompanies.find((c) => c.id === r.company)?.name ?? r.company;
  return (
    <dl className="request-facts">
      <dt>{t('portability.status.number')}</dt>
      <dd>{r.number}</dd>
      <dt>{t('portability.status.phone')}</dt>
      <dd>{formatPhone(r.phoneNumber, market.site)}</dd>
      <dt>{t('portability.status.company')}</dt>
      <dd>{company}</dd>
      <dt>{t('portability.status.state')}</dt>
      <dd data-testid="portability-state">{t(`portability.state.${r.state}`)}</dd>
      {line && (
        <>
          <dt>{t('portability.status.line', { brand: market.brandName })}</dt>
          <dd data-testid="portability-line">{t(`account.line.status.${line.status}`)}</dd>
        </>
      )}
    </dl>
  );
}

const NEXT: Partial<Record<PortabilityRequest['state'], { href: string; label: string }>> = {
  code_sent: { href: PORTABILITY_PAGES.code, label: 'portability.code.submit' },
};
const RETRY = { href: PORTABILITY_PAGES.company, label: 'portability.error.retry' };

/** An accepted port of this session's cart goes on with the journey; one looked up by number only shows its state. */
function NextStep({ state, ownCart }: { state: PortabilityRequest['state']; ownCart: boolean }) {
  const t = useT();
  if (state === 'accepted') return ownCart ? <ContinueJourneyButton label={t('portability.success.continue')} /> : null;
  const next = NEXT[state] ?? RETRY;
  return (
    <a className="button" href={next.href}>
      {t(next.label)}
    </a>
  );
}

/** "Validación de portabilidad": follows a request; one under review is re-checked every 10 s, 10 times (SPEC §9). */
export default function PortabilityStatus() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const [answer, setAnswer] = useState(data.answer);
  const [checking, setChecking] = useState(false);
  const [checks, setChecks] = useState(0);
  useEffect(() => setAnswer(data.answer), [data.answer]);

  async function check() {
    setChecking(true);
    const body = await request<'GET /restpp/subscriber/portability/originalInfo'>({ url: data.url, failurePopup: 'false' });
    setChecking(false);
    setChecks((n) => n + 1);
    if (body?.success) setAnswer({ ...body, line: body.line ?? null });
  }

  const underReview = answer?.request.state === 'in_progress';
  useEffect(() => {
    if (!underReview || checks >= constants.statusRecheckMax) return;
    const timer = window.setTimeout(check, constants.statusRecheckIntervalMs);
    // re-arms after every check while the registry is still reviewing
    return () => window.clearTimeout(timer);
  }, [underReview, checks]);

  return (
    <section className="page narrow">
      <JourneyStepBar requirements={data.requirements} current="data" />
      <h1>{t('portability.status.title')}</h1>
      {!answer ? (
        <p role="status">
          {t('portability.status.none')} <a href={PORTABILITY_PAGES.landing}>{t('portability.landing.follow')}</a>
        </p>
      ) : (
        <>
          <Facts r={answer.request} line={answer.line} />
          <p role="status" aria-live="polite">
            {checking ? t('portability.status.checking') : ''}
          </p>
          {underReview ? (
            <button type="button" className="button" onClick={check} disabled={checking}>
              {t('portability.status.check')}
            </button>
          ) : (
            <NextStep state={answer.request.state} ownCart={data.ownCart} />
          )}
        </>
      )}
    </section>
  );
}
