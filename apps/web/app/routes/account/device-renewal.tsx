import { useEffect } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { deviceEvents } from '@andes/domain/analytics-account';
import { formatCalendarDay } from '@andes/domain/dates';
import { formatPhone } from '@andes/domain/documents';
import { RENEWAL_PATHS } from '@andes/domain/renewal';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { DeviceNav } from '../../features/device/device-nav.tsx';

export const handle = messageGroups('account', 'device');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'device.renewal.title');

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const res = await args.context.api<'GET /restpp/order/renewal/lines'>('/restpp/order/renewal/lines');
  return { ...base, renewal: res.body.lines?.find((l) => l.phoneNumber === base.line.phoneNumber) ?? null };
}

/**
 * SPEC §2 `equipo/renovacion-equipo`: the renewal entry from the account. Whether the line shown may
 * renew its phone now (the renewal capability's verdict and its reason when not) and the way into
 * the renewal journey of the catalogue, which the line is chosen in again.
 */
export default function DeviceRenewalPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const eligible = data.renewal?.eligible === true;
  useEffect(() => track(deviceEvents.step(market.site, 'renewal', 'view', { eligible })), [market.site, eligible]);
  return (
    <AccountShell title={t('device.renewal.title')} base={data}>
      <DeviceNav />
      <p>{t('device.renewal.intro')}</p>
      <section className="card" data-testid="renewal-verdict">
        {eligible ? (
          <>
            <p>{t('device.renewal.eligible', { phone: formatPhone(data.line.phoneNumber, market.site) })}</p>
            <p>
              <a className="button" href={RENEWAL_PATHS.phones}>
                {t('device.renewal.phones')}
              </a>{' '}
              <a href={RENEWAL_PATHS.plans}>{t('device.renewal.plans')}</a>
            </p>
          </>
        ) : (
          <>
            <p role="status">{data.renewal?.message}</p>
            {data.renewal?.renewableFrom && <p>{t('device.renewal.from', { date: formatCalendarDay(data.renewal.renewableFrom) })}</p>}
          </>
        )}
      </section>
    </AccountShell>
  );
}
