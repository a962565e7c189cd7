import { useT } from '../../lib/root-data.ts';
import { Slides } from './slides.tsx';

const SLIDES = [1, 2, 3] as const;

/** The {product}Blue early-renewal program intro (SPEC §2 screen 7, §9 Blue program): three slides. */
export function BlueIntro() {
  const t = useT();
  return (
    <div className="blue-box">
      <h3>{t('phonePlan.blue.title')}</h3>
      <Slides
        label={t('phonePlan.slides.label')}
        keys={{ previous: 'phonePlan.slides.previous', next: 'phonePlan.slides.next', slide: 'phonePlan.slides.slide' }}
        testId="blue-intro"
        slides={SLIDES.map((n) => (
          <div key={n}>
            <h4>{t(`phonePlan.blue.slide${n}.title`)}</h4>
            <p>{t(`phonePlan.blue.slide${n}.body`)}</p>
          </div>
        ))}
      />
    </div>
  );
}
