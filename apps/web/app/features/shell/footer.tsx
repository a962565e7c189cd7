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
