import { useLoaderData, type MetaFunction } from 'react-router';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../lib/root-data.ts';
import { safeReturnPath } from '@andes/domain/return-path';

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'session.expired.title');

/** The page the customer was on, to come back to after signing in again (own paths only). */
export function loader({ request }: LoaderArgs) {
  return { back: safeReturnPath(new URL(request.url).searchParams.get('successurl')) };
}

export default function SessionExpired() {
  const { back } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  return (
    <section className="page narrow">
      <h1>{t('session.expired.title')}</h1>
      <p>{t('session.expired.body')}</p>
      <a className="button" href={back ? `${market.loginPath}?successurl=${encodeURIComponent(back)}` : market.loginPath}>
        {t('session.expired.login')}
      </a>
    </section>
  );
}
