import type { MetaFunction } from 'react-router';
import { pageTitle, useMarket, useT } from '../lib/root-data.ts';

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'session.expired.title');

export default function SessionExpired() {
  const t = useT();
  const market = useMarket();
  return (
    <section className="page narrow">
      <h1>{t('session.expired.title')}</h1>
      <p>{t('session.expired.body')}</p>
      <a className="button" href={market.loginPath}>
        {t('session.expired.login')}
      </a>
    </section>
  );
}
