import { ACTIVATION_PAGES, type ActivationJourney } from '@andes/domain/sim-activation';

/** The journey a page of `/personas/activacion-chip/` belongs to, by its path. */
export function journeyOfPath(pathname: string): ActivationJourney {
  return pathname.includes('/portar-plan/') ? 'port' : 'newNumber';
}

export const pagesOf = (journey: ActivationJourney) => ACTIVATION_PAGES[journey];
