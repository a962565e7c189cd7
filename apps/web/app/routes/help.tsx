import type { MetaFunction } from 'react-router';
import { isSignedIn, pageTitle, useMarket, useRootData, useT } from '../lib/root-data.ts';
import { messageGroups } from '../lib/message-groups.ts';

export const handle = messageGroups('info');

/** No data of its own: the loader carries the route's message groups (lib/message-groups.ts). */
export function loader() {
  return {};
}

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'help.title');

/**
 * The footer's support link: public contact details for everyone, and the way to the signed-in
 * support page (requests about one's own lines) for customers.
 */
export default function Help() {
  const t = useT();
  const market = useMarket();
  const { profile } = useRootData();
  return (
    <section className="page narrow">
      <h1>{t('help.title')}</h1>
      <p>{t('help.intro')}</p>
      <h2>{t('help.contact')}</h2>
      <p>
        {t('help.phone')} <a href={`tel:${market.supportPhone.replace(/[^\d+]/g, '')}`}>{market.supportPhone}</a>
      </p>
      <p>{t('help.hours')}</p>
      <h2>{t('help.topics')}</h2>
      <ul className="link-list">
        <li>
          <a href="/personas/recuperar-clave">{t('help.forgot')}</a>
        </li>
        <li>
          <a href={market.storeLocatorUrl}>{t('shell.footer.stores')}</a>
        </li>
        <li>
          <a href="/personas/mientel/ayuda-soporte">{t(isSignedIn(profile) ? 'help.account' : 'help.accountSignIn')}</a>
        </li>
      </ul>
    </section>
  );
}
