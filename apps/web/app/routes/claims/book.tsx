import { useLoaderData, type MetaFunction } from 'react-router';
import { pageTitle, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { ClaimSheetForm } from '../../features/claims/claim-sheet-form.tsx';
import { sheetData } from '../../features/claims/claims-data.ts';

export const handle = messageGroups('claims');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'claims.book.title');

export function loader(args: LoaderArgs) {
  return sheetData(args);
}

/** Peru's claims book (Libro de Reclamaciones), linked from every Peruvian page's footer. */
export default function ClaimsBook() {
  const { provider, departments } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="page narrow" aria-labelledby="claims-book-title">
      <h1 id="claims-book-title">{t('claims.book.title')}</h1>
      <ClaimSheetForm provider={provider} departments={departments} embedded={false} />
    </section>
  );
}
