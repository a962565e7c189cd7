import { useEffect } from 'react';
import { Link, useLoaderData, type MetaFunction } from 'react-router';
import { events } from '@andes/domain/analytics';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { track } from '../../lib/analytics.ts';
import { CAPTIVE_PATHS, FAILURE_REASONS, type FailureReason } from '../../features/captive/index.ts';

export const handle = { ...messageGroups('captive'), bare: true };

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'captive.failed.title');

/** The reason in the address picks one of our texts; anything else is the general one (the address never carries text). */
export function loader({ request }: LoaderArgs) {
  const reason = new URL(request.url).searchParams.get('motivo') ?? '';
  return { key: FAILURE_REASONS[(Object.hasOwn(FAILURE_REASONS, reason) ? reason : 'compra') as FailureReason] };
}

/** /roamingpostbolsas/error: the purchase did not happen; nothing was charged. */
export default function RoamingError() {
  const { key } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  useEffect(() => track(events.failure(market.site, key, 'captive_roaming')), [key, market.site]);
  return (
    <section className="page narrow" aria-labelledby="captive-failed">
      <h1 id="captive-failed">{t('captive.failed.title')}</h1>
      <p role="alert" data-testid="captive-failed">
        {t(key)}
      </p>
      <Link className="button" to={CAPTIVE_PATHS.roaming}>
        {t('captive.failed.retry')}
      </Link>
    </section>
  );
}
