import { useEffect, useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { deviceEvents } from '@andes/domain/analytics-account';
import { formatDateInZone } from '@andes/domain/dates';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { DeviceNav } from '../../features/device/device-nav.tsx';
import { StepUp } from '../../features/device/step-up.tsx';
import { SimActivateForm, SimChangeForm } from '../../features/device/sim-change-form.tsx';
import type { SimChange } from '../../features/device/api.ts';

export const handle = messageGroups('account', 'device', 'suspension');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'device.sim.title');

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const [sim, stores] = await Promise.all([
    args.context.api<'GET /REST/asset/:phoneNumber/sim'>(`/REST/asset/${base.line.phoneNumber}/sim`),
    args.context.api<'GET /restpp/stores'>('/restpp/stores'),
  ]);
  return { ...base, sim: sim.body, stores: stores.body.stores ?? [] };
}

/** SPEC §2 `equipo/cambio-chip`: a new SIM or an eSIM for the same number, behind the step-up. */
export default function SimChangePage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [pending, setPending] = useState<SimChange | null>(data.sim.pending);
  const [changes, setChanges] = useState(data.sim.changes);
  const [coolDownUntil, setCoolDownUntil] = useState(data.sim.coolDownUntil);
  const [activated, setActivated] = useState<SimChange | null>(null);
  const [stepUpId, setStepUpId] = useState<string | null>(null);
  useEffect(() => track(deviceEvents.step(market.site, 'sim_change', 'view')), [market.site]);
  const when = (iso: string) => formatDateInZone(new Date(iso), market.timeZone);

  function answered({ simChange, coolDownUntil: until }: { simChange: SimChange; coolDownUntil: string | null }) {
    setChanges((list) => [simChange, ...list.filter((c) => c.id !== simChange.id)]);
    setCoolDownUntil(until);
    setStepUpId(null);
    setPending(simChange.status === 'pending' ? simChange : null);
    setActivated(simChange.status === 'active' ? simChange : null);
  }

  return (
    <AccountShell title={t('device.sim.title')} base={data}>
      <DeviceNav />
      <p>{t('device.sim.intro')}</p>
      <p data-testid="current-sim">{t('device.sim.current', { iccid: activated?.newIccid ?? data.sim.iccid })}</p>
      <div role="status" data-testid="sim-result">
        {activated && <p className="notice-success">{t('device.sim.done', { iccid: activated.newIccid })}</p>}
        {coolDownUntil && <p>{t('device.sim.coolDown', { until: when(coolDownUntil) })}</p>}
      </div>
      {pending ? (
        <>
          <p>{t('device.sim.pending', { iccid: pending.newIccid })}</p>
          <SimActivateForm phone={data.line.phoneNumber} onDone={answered} />
        </>
      ) : stepUpId ? (
        <SimChangeForm phone={data.line.phoneNumber} stepUpId={stepUpId} stores={data.stores} onDone={answered} />
      ) : (
        <StepUp phone={data.line.phoneNumber} purpose="simChange" flow="sim_change" onVerified={setStepUpId} />
      )}
      <section className="card" aria-labelledby="sim-history-title">
        <h2 id="sim-history-title">{t('device.sim.history')}</h2>
        {changes.length === 0 ? (
          <p>{t('device.sim.history.none')}</p>
        ) : (
          <ul data-testid="sim-history">
            {changes.map((c) => (
              <li key={c.id}>
                {t('device.sim.history.item', {
                  date: when(c.activatedAt ?? c.requestedAt),
                  delivery: t(`device.sim.delivery.${c.delivery}`),
                  iccid: c.newIccid,
                })}
              </li>
            ))}
          </ul>
        )}
      </section>
    </AccountShell>
  );
}
