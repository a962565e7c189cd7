import { useEffect } from 'react';
import { redirect, useLoaderData, type MetaFunction } from 'react-router';
import { CheckoutStep } from '@andes/domain/analytics';
import { mobileEvents, MOBILE_PATHS } from '@andes/domain/migration-mobile';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { MobileSteps } from '../../features/migration/mobile-steps.tsx';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('migration');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'mobile.success.title');

/** `exito`: the request named in `?solicitud=`, readable only by whoever made it. */
export async function loader({ request, context }: LoaderArgs) {
  const number = new URL(request.url).searchParams.get('solicitud') ?? '';
  const res = number ? await context.api<'GET /restpp/mobile/request/:number'>(`/restpp/mobile/request/${encodeURIComponent(number)}`) : null;
  if (!res?.body.success || !res.body.request) throw redirect(MOBILE_PATHS.delivery);
  return { request: res.body.request };
}

export default function MobileSuccess() {
  const { request } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  useEffect(() => {
    const seen = `mobile-request-${request.number}`;
    if (sessionStorage.getItem(seen)) return;
    sessionStorage.setItem(seen, '1');
    track(mobileEvents.step(market.site, CheckoutStep.newLineWithPlan, request.plan?.id ?? '', { request_number: request.number }));
  }, [market.site, request.number, request.plan?.id]);

  return (
    <section className="page" aria-labelledby="mobile-success">
      <MobileSteps current="done" />
      <h1 id="mobile-success">{t('mobile.success.title')}</h1>
      <p className="notice-success" role="status" data-testid="mobile-success">
        {t('mobile.success.body', { number: request.number, plan: request.plan?.planName ?? '', address: request.address })}
      </p>
      <p>{t('mobile.success.next')}</p>
    </section>
  );
}
