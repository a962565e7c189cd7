import { useEffect, useState } from 'react';
import { nextWelcomeCookie, shouldShowWelcome } from '@andes/domain/welcome-carousel';
import { useRootData, useT } from '../../lib/root-data.ts';

const COOKIE = 'welcome_views';
const SLIDES = [1, 2, 3] as const;

function readViews(): number | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${COOKIE}=(\\d+)`));
  return match ? Number(match[1]) : null;
}

/** The welcome carousel, shown per the cookie rule of SPEC §4 (decided in the browser: it reads the cookie). */
export function WelcomeCarousel() {
  const t = useT();
  const { settings } = useRootData();
  const [visible, setVisible] = useState(false);
  const [slide, setSlide] = useState(0);

  useEffect(() => {
    const views = readViews();
    if (!shouldShowWelcome({ threshold: settings.welcomeThreshold, alwaysDisplay: settings.welcomeAlways, viewCount: views })) return;
    const cookie = nextWelcomeCookie(views);
    document.cookie = `${COOKIE}=${cookie.value}; path=/; max-age=${Math.floor(cookie.maxAgeMs / 1000)}; samesite=lax`;
    setVisible(true);
  }, [settings]);

  if (!visible) return null;
  const n = SLIDES[slide];
  return (
    <section className="welcome" aria-roledescription="carrusel" aria-label={t('home.welcome.label')}>
      <div role="group" aria-roledescription="diapositiva" aria-label={t('home.welcome.slideOf', { n, total: SLIDES.length })}>
        <h2>{t(`home.welcome.slide${n}.title`)}</h2>
        <p>{t(`home.welcome.slide${n}.body`)}</p>
      </div>
      <div className="welcome-controls">
        <button type="button" className="button button-ghost" disabled={slide === 0} onClick={() => setSlide((s) => s - 1)}>
          {t('home.welcome.previous')}
        </button>
        {slide < SLIDES.length - 1 ? (
          <button type="button" className="button" onClick={() => setSlide((s) => s + 1)}>
            {t('home.welcome.next')}
          </button>
        ) : (
          <button type="button" className="button" onClick={() => setVisible(false)}>
            {t('shell.close')}
          </button>
        )}
      </div>
    </section>
  );
}
