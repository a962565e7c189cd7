import { useEffect } from 'react';
import { Link } from 'react-router';
import { events } from '@andes/domain/analytics';
import { useMarket, useT } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { FAILURE_REASONS, type FailureReason } from './captive-data.ts';

/** The reason in an error page's address picks one of our texts; anything else is the general one (the address never carries text). */
export function failureKey(url: string): string {
  const reason = new URL(url).searchParams.get('motivo') ?? '';
  return FAILURE_REASONS[(Object.hasOwn(FAILURE_REASONS, reason) ? reason : 'compra') as FailureReason];
}

/** A captive purchase that did not happen: why, and the way back to the page's offers. */
export function CaptiveFailure({ messageKey, back, where }: { messageKey: string; back: string; where: 'captive_roaming' | 'captive_activation' }) {
  const t = useT();
  const market = useMarket();
  useEffect(() => track(events.failure(market.site, messageKey, where)), [messageKey, market.site, where]);
  return (
    <section className="page narrow" aria-labelledby="captive-failed">
      <h1 id="captive-failed">{t('captive.failed.title')}</h1>
      <p role="alert" data-testid="captive-failed">
        {t(messageKey)}
      </p>
      <Link className="button" to={back}>
        {t('captive.failed.retry')}
      </Link>
    </section>
  );
}
