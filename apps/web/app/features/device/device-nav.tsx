import './device.css';
import { useLocation } from 'react-router';
import { useT } from '../../lib/root-data.ts';

const PAGES = [
  ['/personas/mientel/equipo/bloqueo', 'device.nav.block'],
  ['/personas/mientel/equipo/desbloqueo', 'device.nav.unblock'],
  ['/personas/mientel/equipo/cambio-chip', 'device.nav.simChange'],
  ['/personas/mientel/equipo/renovacion-equipo', 'device.nav.renewal'],
  ['/personas/mientel/equipo/insurance', 'device.nav.insurance'],
] as const;

/** The line and device pages (SPEC §2 `equipo/…`), the current one marked for screen readers. */
export function DeviceNav() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('account.nav.device')}>
      <ul className="device-nav">
        {PAGES.map(([href, key]) => (
          <li key={href}>
            <a href={href} aria-current={pathname === href ? 'page' : undefined}>
              {t(key)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
