import { useEffect, useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { deviceEvents } from '@andes/domain/analytics-account';
import { formatDateInZone } from '@andes/domain/dates';
import { formatPhone } from '@andes/domain/documents';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { NumberChangeForm } from '../../features/device/number-change-form.tsx';
import type { NumberChanged } from '../../features/device/number-api.ts';

export const handle = messageGroups('account', 'device', 'numbering');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'numbering.title');

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const res = await args.context.api<'GET /restpp/asset/:phoneNumber/number'>(`/restpp/asset/${base.line.phoneNumber}/number`);
  return { ...base, overview: res.body };
}

/** SPEC §2 `cambio-numero`: a new number for the line, one of five offered, behind the step-up. */
export default function NumberChangePage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [changed, setChanged] = useState<NumberChanged | null>(null);
  useEffect(() => track(deviceEvents.step(market.site, 'number_change', 'view')), [market.site]);
  const phone = changed?.phoneNumber ?? data.line.phoneNumber;
  const changes = changed
    ? [{ oldNumber: changed.oldNumber, newNumber: changed.phoneNumber, changedAt: changed.changedAt }, ...data.overview.changes]
    : data.overview.changes;
  return (
    <AccountShell title={t('numbering.title')} base={{ ...data, line: { ...data.line, phoneNumber: phone } }}>
      <p>{t('numbering.intro')}</p>
      <p data-testid="current-number">{t('numbering.current', { phone: formatPhone(phone, market.site) })}</p>
      <div role="status" data-testid="number-result">
        {changed && <p className="notice-success">{t('numbering.done', { phone: formatPhone(changed.phoneNumber, market.site) })}</p>}
      </div>
      {!changed && <NumberChangeForm overview={data.overview} onChanged={setChanged} />}
      {changes.length > 0 && (
        <section aria-labelledby="number-history-title">
          <h2 id="number-history-title">{t('numbering.history')}</h2>
          <ul>
            {changes.map((c) => (
              <li key={c.changedAt}>
                {t('numbering.history.item', {
                  old: formatPhone(c.oldNumber, market.site),
                  phone: formatPhone(c.newNumber, market.site),
                  date: formatDateInZone(new Date(c.changedAt), market.timeZone),
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </AccountShell>
  );
}
