import { formatDateInZone } from '@andes/domain/dates';
import { useMarket, useT } from '../../lib/root-data.ts';
import type { LineBlock } from './api.ts';

/** The line's blocks in force, each with what it stops, why and since when. */
export function BlocksList({ blocks }: { blocks: LineBlock[] }) {
  const t = useT();
  const market = useMarket();
  return (
    <section className="card" aria-labelledby="blocks-title">
      <h2 id="blocks-title">{t('device.block.current')}</h2>
      {blocks.length === 0 ? (
        <p data-testid="no-blocks">{t('device.block.none')}</p>
      ) : (
        <ul data-testid="blocks">
          {blocks.map((b) => (
            <li key={b.id}>
              {t('device.block.item', {
                type: t(`device.block.type.${b.blockType}`),
                reason: t(`device.block.reason.${b.reason}`),
                date: formatDateInZone(new Date(b.createdAt), market.timeZone),
              })}
              {b.reportCode && <> · {t('device.block.reportCode', { code: b.reportCode })}</>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
