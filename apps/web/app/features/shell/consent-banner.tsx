import { useEffect, useState } from 'react';
import { useRootData, useT } from '../../lib/root-data.ts';
import { answerConsent, consentAnswered } from '../../lib/analytics.ts';

/**
 * Asks for consent to measurement when a tag manager is configured (GTM_ID): until the visitor accepts,
 * consent mode stays denied (root.tsx). Decided in the browser, which holds the answer's cookie.
 */
export function ConsentBanner() {
  const { settings } = useRootData();
  const t = useT();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (settings.gtmId && !consentAnswered()) setOpen(true);
  }, [settings.gtmId]);
  if (!open) return null;
  function answer(granted: boolean) {
    answerConsent(granted);
    setOpen(false);
  }
  return (
    <section className="consent-banner" role="region" aria-label={t('shell.consent.label')} data-testid="consent-banner">
      <p>{t('shell.consent.body')}</p>
      <div className="consent-actions">
        <button type="button" className="button" onClick={() => answer(true)}>
          {t('shell.consent.accept')}
        </button>
        <button type="button" className="button button-ghost" onClick={() => answer(false)}>
          {t('shell.consent.reject')}
        </button>
      </div>
    </section>
  );
}
