import { useLoaderData, type MetaFunction } from 'react-router';
import { pageTitle, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { ClaimSheetForm } from '../../features/claims/claim-sheet-form.tsx';
import { sheetData } from '../../features/claims/claims-data.ts';

/** `bare`: the shell leaves out its header and footer, the embedding site has its own. */
export const handle = { ...messageGroups('claims'), bare: true };

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'claims.book.title');

export function loader(args: LoaderArgs) {
  return sheetData(args);
}

/** The claims book's sheet for the operator's other sites to embed (frame-ancestors: CLAIMS_FRAME_ORIGINS). */
export default function ClaimsBookFrame() {
  const { provider, departments } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="embedded-page" aria-labelledby="claims-book-title">
      <h1 id="claims-book-title">{t('claims.book.title')}</h1>
      <ClaimSheetForm provider={provider} departments={departments} embedded />
    </section>
  );
}
