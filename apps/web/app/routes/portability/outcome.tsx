import { useEffect } from 'react';
import { redirect, useLoaderData, type MetaFunction } from 'react-router';
import { portabilityEvents } from '@andes/domain/portability-analytics';
import { formatPhone } from '@andes/domain/documents';
import { PORTABILITY_PAGES } from '@andes/domain/portability';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { JourneyStepBar } from '../../features/portability/steps.tsx';
import { REQUIREMENTS_URL } from '../../features/portability/journey.ts';
import { ContinueJourneyButton } from '../../features/portability/continue-button.tsx';
import '../../features/cart/cart.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('plans', 'portability');

const TITLES: Record<string, string> = {
  accepted: 'portability.success.title',
  rejected: 'portability.error.title',
  in_progress: 'portability.inProgress.title',
};

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => pageTitle(matches, TITLES[data?.request.state ?? ''] ?? 'portability.landing.title');

/** One module for solicitud/exito, error and encurso: the page shown is always the request's real outcome. */
export async function loader({ request: req, context }: LoaderArgs) {
  const [res, requirements] = await Promise.all([
    context.api<'GET /restpp/subscriber/portability/originalInfo'>('/restpp/subscriber/portability/originalInfo'),
    context.api<'GET /restpp/subscriber/active/requirements'>(REQUIREMENTS_URL),
  ]);
  if (!res.body.success) throw redirect(PORTABILITY_PAGES.landing);
  if (new URL(req.url).pathname !== res.body.next) throw redirect(res.body.next);
  return { request: res.body.request, requirements: requirements.body.success ? requirements.body : null };
}

export default function PortabilityOutcome() {
  const { request: r, requirements } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  useEffect(() => {
    track(portabilityEvents.result(market.site, r.state, r.number, r.rejectReason));
  }, [market.site, r.state, r.number, r.rejectReason]);
  const phone = formatPhone(r.phoneNumber, market.site);

  return (
    <section className="page narrow">
      <JourneyStepBar requirements={requirements} current="data" />
      <h1>{t(TITLES[r.state] ?? 'portability.landing.title')}</h1>
      {r.state === 'accepted' && (
        <>
          <p className="notice-success" role="status">
            {t('portability.success.body', { phone, number: r.number })}
          </p>
          {/* the port's date follows the SIM's delivery, chosen after this step: told on the success page */}
          <p>{t('portability.success.when')}</p>
          <ContinueJourneyButton label={t('portability.success.continue')} />
        </>
      )}
      {r.state === 'rejected' && (
        <>
          <p role="alert">{t('portability.error.body', { phone, number: r.number })}</p>
          {r.rejectReason && <p>{t(`portability.reason.${r.rejectReason}`)}</p>}
          <a className="button button-wide" href={PORTABILITY_PAGES.company}>
            {t('portability.error.retry')}
          </a>
        </>
      )}
      {r.state === 'in_progress' && (
        <>
          <p role="status">{t('portability.inProgress.body', { phone, number: r.number })}</p>
          <p>{t('portability.inProgress.follow')}</p>
          <a className="button button-wide" href={PORTABILITY_PAGES.status}>
            {t('portability.status.check')}
          </a>
        </>
      )}
    </section>
  );
}
