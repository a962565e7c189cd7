import { Link } from 'react-router';
import { events } from '@andes/domain/analytics';
import { isSignedIn, useMarket, useRootData, useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { ui } from '../../lib/ui-events.ts';
import { holdBusy } from '../../lib/busy.ts';
import { ORDERS_PATH, accountPath } from '../account/account-data.ts';
import { SearchBox } from './search-box.tsx';

export function Header() {
  const t = useT();
  const market = useMarket();
  const { profile, csrfToken } = useRootData();
  const signedIn = isSignedIn(profile);

  async function logout(e: React.FormEvent) {
    e.preventDefault();
    // held until the home page replaces this one
    holdBusy();
    const body = await request({ url: '/REST/profile/logout', method: 'POST' });
    track(events.logout(market.site));
    if (body?.success) ui.alertOnNextPage('success', t('shell.loggedOut'));
    window.location.assign('/');
  }

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('shell.skip')}
      </a>
      <div className="header-inner">
        <Link to="/" className="logo" aria-label={`${market.brandName} ${market.countryName}`}>
          {market.brandName}
        </Link>
        {/* a phone opens the sections from a menu button (a details element: it works without JavaScript); a wide screen lists them */}
        <details className="nav-menu">
          <summary className="button button-ghost">{t('shell.menu')}</summary>
          <SectionNav />
        </details>
        <div className="nav-wide">
          <SectionNav />
        </div>
        <SearchBox />
        <div className="account">
          {/* a phone shows "Carro", its name stays the whole "Carro de compras" (the visible word is in it) */}
          <a href="/carrito-compra" aria-label={t('shell.nav.cart')}>
            <span className="wide-only" aria-hidden="true">
              {t('shell.nav.cart')}
            </span>
            <span className="narrow-only" aria-hidden="true">
              {t('shell.nav.cartShort')}
            </span>
          </a>
          {signedIn ? (
            <>
              <img src={profile.portrait} alt="" width={32} height={32} className="avatar" />
              <span className="greeting" data-testid="greeting">
                {t('shell.greeting', { name: profile.firstNameFront ?? '' })}
              </span>
              <a href={accountPath(market.brand, 'mi-cuenta')}>{t('shell.nav.account')}</a>
              <a href={ORDERS_PATH}>{t('shell.nav.orders')}</a>
              {/* without JavaScript the form signs out through the SPEC's GET, which needs the page token too */}
              <form method="get" action="/oam/server/logout" onSubmit={logout} className="logout-form">
                <input type="hidden" name="f__key__" value={csrfToken} />
                <button type="submit" className="button button-ghost">
                  {t('shell.logout')}
                </button>
              </form>
            </>
          ) : (
            <Link to={market.loginPath} className="button">
              {t('shell.login')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}

/** The shop's sections, in the header's menu (phone) or its row of links (wide screen). */
function SectionNav() {
  const t = useT();
  return (
    <nav aria-label={t('shell.nav.label')}>
      <ul>
        <li>
          <a href="/lista-productos">{t('shell.nav.phones')}</a>
        </li>
        <li>
          <a href="/personas/catalogo/postpago">{t('shell.nav.plans')}</a>
        </li>
        <li>
          <a href="/lista-accesorios">{t('shell.nav.accessories')}</a>
        </li>
        <li>
          <a href="/personas/catalogo/liberados">{t('shell.nav.unlocked')}</a>
        </li>
      </ul>
    </nav>
  );
}
