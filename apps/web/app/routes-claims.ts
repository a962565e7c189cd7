import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Peru's claims book, its embeddable sheet and the customer's claims (paths as SPEC §2; Chile answers 404). */
export const claimsRoutes: RouteConfigEntry[] = [
  route('libro-de-reclamaciones', 'routes/claims/book.tsx'),
  route('reclamos-iframe', 'routes/claims/book-iframe.tsx'),
  route('personas/reclamaciones', 'routes/claims/customer-claims.tsx'),
];
