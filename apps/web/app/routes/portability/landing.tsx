import type { MetaFunction } from 'react-router';
import { PORTABILITY_PAGES } from '@andes/domain/portability';
import { pageTitle, useMarket, useT } from '../../lib/root-data.ts';
import '../../features/cart/cart.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('portability');

/** No data of its own: the loader carries the route's message groups (lib/message-groups.ts). */
export function loader() {
  return {};
}

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'portability.landing.title');

/** /personas/planes/portabilidad: how to bring a number, and the follow-up of a request (a plain GET form). */
export default function PortabilityLanding() {
  const t = useT();
  const market = useMarket();
  return (
    <section className="page narrow">
      <h1>{t('portability.landing.title')}</h1>
      <p>{t('portability.landing.body')}</p>
      <p className="field-hint">{t('portability.company.rules')}</p>
      <a className="button" href="/personas/catalogo/postpago">
        {t('portability.landing.cta')}
      </a>
      <section aria-labelledby="follow-title">
        <h2 id="follow-title">{t('portability.landing.follow')}</h2>
        <form method="get" action={PORTABILITY_PAGES.status}>
          <div className="field">
            <label htmlFor="lookup-number">{t('portability.lookup.number')}</label>
            <input id="lookup-number" name="number" required maxLength={40} placeholder={`PORT-${market.site.toUpperCase()}-00000000`} />
          </div>
          <div className="field">
            <label htmlFor="lookup-phone">{t('portability.company.phone')}</label>
            <input id="lookup-phone" name="phoneNumber" required inputMode="numeric" pattern="9[0-9]{8}" maxLength={market.phoneLength} />
          </div>
          <button type="submit" className="button">
            {t('portability.lookup.submit')}
          </button>
        </form>
      </section>
    </section>
  );
}
