import { formatPointsMovement } from '@andes/domain/account-benefits';
import { formatDateInZone } from '@andes/domain/dates';
import { useMarket, useT } from '../../lib/root-data.ts';
import { DataTable } from '../../ui/table-scroll.tsx';
import type { Answer } from '@andes/contract/caller';

export type PointsEntry = Answer<'GET /restpp/asset/:phoneNumber/points'>['history'][number];

/** The points movements of a line, newest first (puntos/detalle and beneficios/historico_puntos). */
export function PointsHistory({ history }: { history: PointsEntry[] }) {
  const t = useT();
  const market = useMarket();
  if (history.length === 0) return <p>{t('account.points.none')}</p>;
  return (
    <DataTable
      caption={t('account.points.history')}
      testId="points-history"
      columns={[t('account.points.col.date'), t('account.points.col.detail'), t('account.points.col.kind'), t('account.points.col.points')]}
    >
      {history.map((h) => (
        <tr key={h.id}>
          <td>{formatDateInZone(new Date(h.createdAt), market.timeZone)}</td>
          <th scope="row">{h.description}</th>
          <td>{t(`account.points.kind.${h.kind}`)}</td>
          <td>{formatPointsMovement(h, market.currency)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
