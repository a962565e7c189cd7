import { useEffect, useState } from 'react';
import { constants } from '@andes/domain/market';
import { plansPerView } from '@andes/domain/plans';

/** Plans per carousel view for the window's width, re-read on resize after a 150 ms pause (SPEC §9). */
export function usePlansPerView(): number {
  const [perView, setPerView] = useState<number>(constants.planCarouselPerView);
  useEffect(() => {
    setPerView(plansPerView(window.innerWidth));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setPerView(plansPerView(window.innerWidth)), constants.planCarouselResizeDebounceMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return perView;
}
