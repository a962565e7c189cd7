import { useEffect, useState, type ReactNode } from 'react';
import { useT } from '../../lib/root-data.ts';

interface SlidesProps {
  label: string;
  /** Message keys of the controls and of each slide's "n of total" name. */
  keys: { previous: string; next: string; slide: string; pause?: string; play?: string };
  slides: ReactNode[];
  start?: number;
  /** Advance every so many ms until the customer pauses (WCAG 2.2.2: moving content needs a pause control). */
  autoplayMs?: number;
  testId?: string;
}

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * A slide show (WAI-ARIA carousel pattern): one slide at a time, previous/next buttons, wraps around.
 * While it plays the live region is off so screen readers are not interrupted; paused, changes are announced.
 */
export function Slides({ label, keys, slides, start = 0, autoplayMs, testId }: SlidesProps) {
  const t = useT();
  const [index, setIndex] = useState(start);
  const [playing, setPlaying] = useState(!!autoplayMs);
  const total = slides.length;

  useEffect(() => {
    if (!autoplayMs || !playing || total < 2 || prefersReducedMotion()) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % total), autoplayMs);
    return () => window.clearInterval(timer);
  }, [autoplayMs, playing, total]);

  const go = (delta: number) => setIndex((i) => (i + delta + total) % total);
  return (
    <section className="slides" aria-roledescription="carrusel" aria-label={label} data-testid={testId}>
      <div className="slides-controls">
        {autoplayMs && keys.pause && keys.play && total > 1 && (
          <button type="button" className="button button-ghost" aria-pressed={!playing} onClick={() => setPlaying((p) => !p)}>
            {t(playing ? keys.pause : keys.play)}
          </button>
        )}
        {total > 1 && (
          <>
            <button type="button" className="button button-ghost" aria-label={t(keys.previous)} onClick={() => go(-1)}>
              ‹
            </button>
            <button type="button" className="button button-ghost" aria-label={t(keys.next)} onClick={() => go(1)}>
              ›
            </button>
          </>
        )}
      </div>
      <div aria-live={playing ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <div
            key={i}
            role="group"
            aria-roledescription="diapositiva"
            aria-label={t(keys.slide, { n: i + 1, total })}
            hidden={i !== index}
            data-testid={testId ? `${testId}-slide` : undefined}
          >
            {slide}
          </div>
        ))}
      </div>
    </section>
  );
}
