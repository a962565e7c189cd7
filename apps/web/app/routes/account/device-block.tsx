import { useEffect, useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { deviceEvents } from '@andes/domain/analytics-account';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { dispatchIntent } from '../../lib/form-action.ts';
import { blockIntents } from '../../features/device/block-actions.server.ts';
import { BLOCKED_QUERY } from '../../features/device/block-fields.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { DeviceNav } from '../../features/device/device-nav.tsx';
import { BlockForm } from '../../features/device/block-form.tsx';
import { BlocksList } from '../../features/device/blocks-list.tsx';
import type { LineBlock } from '../../features/device/api.ts';

export const handle = messageGroups('account', 'device');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'device.block.title');

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const res = await args.context.api<'GET /REST/asset/:phoneNumber/equipment/block'>(`/REST/asset/${base.line.phoneNumber}/equipment/block`);
  // the block just made without JavaScript (the action's redirect), when it is one of this line's in force
  const made = new URL(args.request.url).searchParams.get(BLOCKED_QUERY);
  return { ...base, options: res.body, made: res.body.blocks.find((b) => String(b.id) === made) ?? null };
}

/** POST: the block form before JavaScript loads. */
export async function action({ request, context }: LoaderArgs) {
  return dispatchIntent(request, blockIntents(context, new URL(request.url).pathname));
}

/** SPEC §2 `equipo/bloqueo`: block the line or the phone at once after a theft or a loss. */
export default function DeviceBlockPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [blocks, setBlocks] = useState(data.options.blocks);
  // a block made without JavaScript is in the list already
  const [done, setDone] = useState<LineBlock | null>(data.made);
  useEffect(() => track(deviceEvents.step(market.site, 'block', 'view')), [market.site]);
  const blocked = (block: LineBlock) => {
    setDone(block);
    setBlocks((list) => [block, ...list]);
  };
  return (
    <AccountShell
      title={t('device.block.title')}
      base={{ ...data, line: done && done.blockType !== 'phone' ? { ...data.line, status: 'blocked' } : data.line }}
    >
      <DeviceNav />
      <p>{t('device.block.intro')}</p>
      <div role="status" data-testid="block-result">
        {done && (
          <div className="notice-success">
            <p>{t('device.block.done', { what: t(`device.block.done.what.${done.blockType}`) })}</p>
            {done.reportCode && <p data-testid="report-code">{t('device.block.reportCode', { code: done.reportCode })}</p>}
            {done.imei && done.registryReference && <p>{t('device.block.registry', { imei: done.imei, reference: done.registryReference })}</p>}
          </div>
        )}
      </div>
      {!done && <BlockForm phone={data.line.phoneNumber} options={data.options} onBlocked={blocked} />}
      <BlocksList blocks={blocks} />
      {blocks.length > 0 && (
        <p>
          <a href="/personas/mientel/equipo/desbloqueo">{t('device.block.toUnblock')}</a>
        </p>
      )}
    </AccountShell>
  );
}
