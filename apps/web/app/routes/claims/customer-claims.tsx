import { useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { formatPhone } from '@andes/domain/documents';
import { formatCalendarDay } from '@andes/domain/dates';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { TableScroll } from '../../ui/table-scroll.tsx';
import { customerClaimsData, type CustomerClaim } from '../../features/claims/claims-data.ts';
import { TelecomClaimForm } from '../../features/claims/telecom-claim-form.tsx';
import '../../features/claims/claims.css';

export const handle = messageGroups('claims');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'claims.telecom.title');

export function loader(args: LoaderArgs) {
  return customerClaimsData(args);
}

/** A signed-in customer's claims (OSIPTEL: code, subject, state, answer, due dates) and a new one about a line. */
export default function CustomerClaims() {
  const data = useLoaderData<typeof loader>();
  const [claims, setClaims] = useState<CustomerClaim[]>(data.claims);
  const t = useT();
  const market = useMarket();
  const about = (c: CustomerClaim) => (c.subject ? t(`claims.subject.${c.subject}`) : `${t('claims.book.title')}: ${t(`claims.kind.${c.kind}`)}`);
  return (
    <section className="page" aria-labelledby="claims-title">
      <h1 id="claims-title">{t('claims.telecom.title')}</h1>
      <p>{t('claims.telecom.intro')}</p>
      <h2 id="claims-list">{t('claims.telecom.list')}</h2>
      {claims.length === 0 ? (
        <p>{t('claims.telecom.empty')}</p>
      ) : (
        <TableScroll label={t('claims.telecom.list')}>
          <table className="claims-table" data-testid="claims" aria-labelledby="claims-list">
            <thead>
              <tr>
                <th scope="col">{t('claims.telecom.code')}</th>
                <th scope="col">{t('claims.telecom.line')}</th>
                <th scope="col">{t('claims.telecom.subject')}</th>
                <th scope="col">{t('claims.telecom.state')}</th>
                <th scope="col">{t('claims.telecom.due')}</th>
                <th scope="col">{t('claims.telecom.answer')}</th>
              </tr>
            </thead>
            <tbody>
              {claims.map((c) => (
                <tr key={c.code}>
                  <th scope="row">{c.code}</th>
                  <td>{c.phoneNumber ? formatPhone(c.phoneNumber, market.site) : '—'}</td>
                  <td>{about(c)}</td>
                  <td>{t(`claims.state.${c.state}`)}</td>
                  <td>{formatCalendarDay(c.resolveBy, 'long')}</td>
                  <td>{c.answer ?? t('claims.telecom.noAnswer')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <h2>{t('claims.telecom.new')}</h2>
      <TelecomClaimForm lines={data.lines} onFiled={(claim) => setClaims((list) => [claim, ...list])} />
    </section>
  );
}
