import { formatCount } from '@andes/domain/money';
import type { MetaFunction } from 'react-router';
import { formatCalendarDay } from '@andes/domain/dates';
import { formatPhone } from '@andes/domain/documents';
import { isSignedIn, pageTitle, useMarket, useRootData, useT } from '../lib/root-data.ts';
import { WelcomeCarousel } from '../features/shell/welcome-carousel.tsx';
import { messageGroups } from '../lib/message-groups.ts';

export const handle = messageGroups('home');

/** No data of its own: the loader carries the route's message groups (lib/message-groups.ts). */
export function loader() {
  return {};
}

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'home.title');

export default function Home() {
  const t = useT();
  const market = useMarket();
  const { profile } = useRootData();
  const balance = profile.balance;
  return (
    <>
      <section className="hero">
        <h1>{t('home.hero.title')}</h1>
        <p>{t('home.hero.body')}</p>
        <p className="hero-actions">
          <a className="button" href="/personas/catalogo/postpago">
            {t('home.cta.plans')}
          </a>
          <a className="button button-ghost" href="/lista-productos">
            {t('home.cta.phones')}
          </a>
        </p>
      </section>
      <WelcomeCarousel />
      {isSignedIn(profile) && profile.phoneNumber && balance && (
        <section className="page account-summary" aria-labelledby="account-title">
          <h2 id="account-title">{t('home.account.title', { phone: formatPhone(profile.phoneNumber, market.site) })}</h2>
          <dl>
            <div>
              <dt>{t('home.account.balance')}</dt>
              <dd data-testid="balance">{balance.principal.formatted}</dd>
            </div>
            <div>
              <dt>{t('home.account.points')}</dt>
              <dd>
                {formatCount(balance.loyaltyPoints.amount, market.currency)}
                {balance.loyaltyPoints.expiredDate && (
                  <small>
                    {' '}
                    {t('home.account.pointsExpire', {
                      date: formatCalendarDay(balance.loyaltyPoints.expiredDate),
                    })}
                  </small>
                )}
              </dd>
            </div>
          </dl>
        </section>
      )}
    </>
  );
}
