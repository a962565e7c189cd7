import { Link, useLoaderData, type MetaFunction } from 'react-router';
import { formatPhone } from '@andes/domain/documents';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { customerLines, MIGRATION_PATHS } from '../../features/migration/migration-data.ts';
import { TableScroll } from '../../ui/table-scroll.tsx';
import '../../features/migration/migration.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('account', 'migration');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'lines.title');

/** The signed-in customer's lines with plan and status, server-rendered. */
export async function loader(args: LoaderArgs) {
  return { lines: await customerLines(args) };
}

export default function Lines() {
  const { lines } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  return (
    <section className="page" aria-labelledby="lines-title">
      <h1 id="lines-title">{t('lines.title')}</h1>
      {lines.length === 0 ? (
        <p>{t('lines.none')}</p>
      ) : (
        <TableScroll label={t('lines.title')}>
          <table className="lines-table" data-testid="lines" aria-labelledby="lines-title">
            <thead>
              <tr>
                <th scope="col">{t('lines.col.phone')}</th>
                <th scope="col">{t('lines.col.kind')}</th>
                <th scope="col">{t('lines.col.plan')}</th>
                <th scope="col">{t('lines.col.status')}</th>
                <th scope="col">{t('lines.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => {
                const phone = formatPhone(l.phoneNumber, market.site);
                return (
                  <tr key={l.phoneNumber}>
                    <th scope="row">{phone}</th>
                    <td>{t(`account.line.kind.${l.kind}`)}</td>
                    <td>{l.planName ?? t('lines.noPlan')}</td>
                    <td>{t(`account.line.status.${l.status}`)}</td>
                    <td>
                      {l.kind === 'prepaid' && l.status === 'active' ? (
                        <Link to={`${MIGRATION_PATHS.select}?linea=${l.phoneNumber}`}>{t('lines.migrate', { phone })}</Link>
                      ) : (
                        <Link to="/personas/oferta-perfilada">{t('offers.profiledLink')}</Link>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
