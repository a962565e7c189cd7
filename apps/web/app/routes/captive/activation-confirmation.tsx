import { useEffect } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { formatPhone } from '@andes/domain/documents';
import { captiveEvents } from '@andes/domain/analytics-account';
import { formatDateInZone } from '@andes/domain/dates';

import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { track } from '../../lib/analytics.ts';
import { CaptiveRefused, approvedActivation } from '../../features/captive/index.ts';

export const handle = { ...messageGroups('captive'), bare: true };

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'captive.activation.done.title');

export function loader(args: LoaderArgs) {
  return approvedActivation(args);
}

/** /activacionpost/confirmacion: the plan the network's line moved to and what was paid (an approved move of this line only), or its activation. */
export default function ActivationConfirmation() {
  const page = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const move = page.refused === null ? page.move : null;
  const line = page.refused === null ? page.line : null;
  useEffect(() => {
    if (!line) return;
    // a reload of this page must not count the activation twice
    const seen = `captive-line-${line.phoneNumber}-${line.activatedAt}`;
    if (sessionStorage.getItem(seen)) return;
    sessionStorage.setItem(seen, '1');
    track(captiveEvents.lineActivated(market.site));
  }, [line, market.site]);
  useEffect(() => {
    if (!move?.plan) return;
    // a reload of this page must not count the purchase twice
    const seen = `captive-activation-${move.buyOrder}`;
    if (sessionStorage.getItem(seen)) return;
    sessionStorage.setItem(seen, '1');
    track(captiveEvents.purchase(market.site, { flow: 'activation', offerId: move.plan.id, reference: move.buyOrder }));
  }, [move, market.site]);
  if (line) {
    return (
      <section className="page narrow" aria-labelledby="captive-activation-done">
        <h1 id="captive-activation-done">{t('captive.pending.done.title')}</h1>
        <p className="notice-success" role="status" data-testid="captive-done">
          {t('captive.pending.done.body', {
            phone: formatPhone(line.phoneNumber, market.site),
            plan: line.planName,
            since: formatDateInZone(new Date(line.activatedAt), market.timeZone, 'long'),
          })}
        </p>
      </section>
    );
  }
  if (!move?.plan) return <CaptiveRefused message={page.refused ?? ''} />;
  return (
    <section className="page narrow" aria-labelledby="captive-activation-done">
      <h1 id="captive-activation-done">{t('captive.activation.done.title')}</h1>
      <p className="notice-success" role="status" data-testid="captive-done">
        {t('captive.activation.done.body', { phone: formatPhone(move.phoneNumber, market.site), plan: move.plan.planName, amount: move.amount.formatted })}
      </p>
      <p>{t('captive.activation.done.order', { order: move.buyOrder })}</p>
    </section>
  );
}
