import { useMarket, useT } from '../../lib/root-data.ts';

export function Footer() {
  const t = useT();
  const market = useMarket();
  return (
    <footer className="site-footer">
      <nav aria-label={t('shell.footer.label')}>
        <ul>
          <li>
            <a href={market.supportUrl}>{t('shell.footer.support')}</a>
          </li>
          <li>
            <a href={market.storeLocatorUrl}>{t('shell.footer.stores')}</a>
          </li>
          {market.claimsBook && (
            <li>
              {/* the book's usual badge (INDECOPI): an open book beside its name */}
              <a href="/libro-de-reclamaciones" className="claims-book-link">
                <svg aria-hidden="true" focusable="false" width="28" height="22" viewBox="0 0 28 22">
                  <path d="M14 4C10 1 5 1 1 2v17c4-1 9-1 13 2 4-3 9-3 13-2V2c-4-1-9-1-13 2z" fill="#fff" stroke="currentColor" strokeWidth="1.5" />
                  <path d="M14 4v17" stroke="currentColor" strokeWidth="1.5" />
                </svg>
                {t('shell.footer.claimsBook')}
              </a>
            </li>
          )}
          {market.whatsappSalesUrl && (
            <li>
              <a href={market.whatsappSalesUrl} rel="noopener noreferrer" target="_blank">
                {t('shell.footer.whatsapp')}
              </a>
            </li>
          )}
        </ul>
        <p>{t('shell.footer.apps')}</p>
        <ul>
          <li>
            <a href={market.appStoreUrls.ios} rel="noopener noreferrer">
              {t('shell.footer.appStore')}
            </a>
          </li>
          <li>
            <a href={market.appStoreUrls.android} rel="noopener noreferrer">
              {t('shell.footer.googlePlay')}
            </a>
          </li>
        </ul>
      </nav>
      <p className="legal">{t('shell.footer.rights', { year: new Date().getUTCFullYear() })}</p>
    </footer>
  );
}
