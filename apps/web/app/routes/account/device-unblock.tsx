import { useEffect, useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { deviceEvents } from '@andes/domain/analytics-account';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { request } from '../../lib/request.ts';
import { whileBusy } from '../../lib/busy.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { DeviceNav } from '../../features/device/device-nav.tsx';
import { BlocksList } from '../../features/device/blocks-list.tsx';
import { StepUp } from '../../features/device/step-up.tsx';
import { refusalOf } from '../../features/device/api.ts';

export const handle = messageGroups('account', 'device');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'device.unblock.title');

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const res = await args.context.api<'GET /REST/asset/:phoneNumber/equipment/block'>(`/REST/asset/${base.line.phoneNumber}/equipment/block`);
  return { ...base, blocks: res.body.blocks ?? [] };
}

/** SPEC §2 `equipo/desbloqueo`: only the holder lifts a block, after the step-up. */
export default function DeviceUnblockPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [blocks, setBlocks] = useState(data.blocks);
  const [stepUpId, setStepUpId] = useState<string | null>(null);
  const [status, setStatus] = useState(data.line.status);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => track(deviceEvents.step(market.site, 'unblock', 'view')), [market.site]);

  async function unblock() {
    setBusy(true);
    const body = await whileBusy(() =>
      request({
        url: `/REST/asset/${data.line.phoneNumber}/equipment/unblock`,
        method: 'POST',
        contentType: 'json',
        data: { stepUpId },
        failurePopup: 'false',
        failureContext: 'device_unblock',
      }),
    );
    setBusy(false);
    if (body?.success) {
      track(deviceEvents.step(market.site, 'unblock', 'unblocked'));
      setBlocks([]);
      setStatus((body as unknown as { status: string }).status);
      return;
    }
    setStepUpId(null);
    const refusal = refusalOf(body, t('pp.error.network'));
    // the unblock is recorded and finishes once the IMEI list answers: no new step-up is needed
    if (refusal.key === 'device.error.unblockPending') setBlocks((now) => now.map((b) => ({ ...b, liftPending: true })));
    setFormError(refusal.message);
  }

  const unblocked = blocks.length === 0 && data.blocks.length > 0;
  const pending = blocks.some((b) => b.liftPending);
  return (
    <AccountShell title={t('device.unblock.title')} base={{ ...data, line: { ...data.line, status } }}>
      <DeviceNav />
      <p>{t('device.unblock.intro')}</p>
      <div role="status">{unblocked && <p className="notice-success">{t('device.unblock.done')}</p>}</div>
      <BlocksList blocks={blocks} />
      {pending && (
        <p className="notice" role="status" data-testid="unblock-pending">
          {t('device.unblock.pending')}
        </p>
      )}
      {blocks.length > 0 && !pending && !stepUpId && <StepUp phone={data.line.phoneNumber} purpose="unblock" flow="unblock" onVerified={setStepUpId} />}
      {blocks.length > 0 && !pending && stepUpId && (
        <section className="card">
          <p role="status">{t('device.stepUp.verified')}</p>
          <button type="button" className="button" onClick={unblock} disabled={busy} aria-busy={busy || undefined}>
            {t('device.unblock.submit')}
          </button>
        </section>
      )}
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
    </AccountShell>
  );
}
