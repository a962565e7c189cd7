/** The buyer screening capability's public face (docs/decisions/015, 022). */
export { listingOf, listingRefusal, listingView, ScreeningErrorKeys } from './screening.service.ts';
