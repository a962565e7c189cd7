import { useEffect } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { formatPhone } from '@andes/domain/documents';
import { formatDateInZone } from '@andes/domain/dates';
import { captiveEvents } from '@andes/domain/analytics-account';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { track } from '../../lib/analytics.ts';
import { CaptiveRefused, boughtBag } from '../../features/captive/index.ts';

export const handle = { ...messageGroups('captive'), bare: true };

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'captive.done.title');

export function loader(args: LoaderArgs) {
  return boughtBag(args);
}

/** /roamingpostbolsas/confirmacion: what the line bought and until when (the bag named must be the network's line's). */
export default function RoamingConfirmation() {
  const page = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const bag = page.refused === null ? page.bag : null;
  const offerId = page.refused === null ? page.offerId : '';
  useEffect(() => {
    if (!bag) return;
    // a reload of this page must not count the purchase twice
    const seen = `captive-purchase-${bag.reference}`;
    if (sessionStorage.getItem(seen)) return;
    sessionStorage.setItem(seen, '1');
    track(captiveEvents.purchase(market.site, { flow: 'roaming', offerId, reference: bag.reference }));
  }, [bag, offerId, market.site]);
  if (!bag) return <CaptiveRefused message={page.refused ?? ''} />;
  return (
    <section className="page narrow" aria-labelledby="captive-done">
      <h1 id="captive-done">{t('captive.done.title')}</h1>
      <p className="notice-success" role="status" data-testid="captive-done">
        {t('captive.done.body', {
          name: bag.name,
          phone: formatPhone(bag.phoneNumber, market.site),
          until: formatDateInZone(new Date(bag.expiresAt), market.timeZone, 'long'),
        })}
        {bag.paid ? ` ${t('captive.done.card', { price: bag.paid })}` : null}
      </p>
    </section>
  );
}
