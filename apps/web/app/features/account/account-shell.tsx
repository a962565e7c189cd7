import { useState } from 'react';
import { useLocation } from 'react-router';
import { formatPhone } from '@andes/domain/documents';
import { useMarket, useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { holdBusy } from '../../lib/busy.ts';
import { ORDERS_PATH, type AccountBase } from './account-data.ts';
import './account.css';

/** The line switcher shared by every account screen: picks the line the screens show. */
export function LineSwitcher({ lines, line }: AccountBase) {
  const t = useT();
  const market = useMarket();
  const [chosen, setChosen] = useState(line.phoneNumber);
  if (lines.length < 2) {
    return <p data-testid="current-line">{t('account.lineSwitcher.current', { phone: formatPhone(line.phoneNumber, market.site) })}</p>;
  }
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const release = holdBusy();
    const body = await request({ url: `/restpp/assets/${chosen}/select`, method: 'POST', contentType: 'json', data: {} });
    if (body?.success) window.location.reload();
    else release();
  }
  return (
    <form className="line-switcher" onSubmit={submit}>
      <div className="field">
        <label htmlFor="line-switcher">{t('account.lineSwitcher.label')}</label>
        <select id="line-switcher" value={chosen} onChange={(e) => setChosen(e.target.value)}>
          {lines.map((l) => (
            <option key={l.phoneNumber} value={l.phoneNumber}>
              {formatPhone(l.phoneNumber, market.site)} · {t(`account.line.kind.${l.kind}`)}
              {/* a line not in service yet (a port waiting for its window) or cut says so where it is picked */}
              {l.status !== 'active' && ` · ${t(`account.line.status.${l.status}`)}`}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-ghost">
        {t('account.lineSwitcher.submit')}
      </button>
      <p className="visually-hidden" data-testid="current-line">
        {t('account.lineSwitcher.current', { phone: formatPhone(line.phoneNumber, market.site) })}
      </p>
    </form>
  );
}

/**
 * A blocked line (after a theft or loss) or a suspended one (travel or a break) says so on every
 * account screen, where its money actions are refused, and links to where it comes back.
 */
function StoppedLineNotice({ line }: Pick<AccountBase, 'line'>) {
  const t = useT();
  if (line.status === 'suspended') {
    return (
      <p className="form-error" role="status" data-testid="line-suspended">
        {t('account.line.suspended.notice')} <a href="/personas/mientel/suspension-temporal">{t('account.line.suspended.end')}</a>
      </p>
    );
  }
  if (line.status !== 'blocked') return null;
  return (
    <p className="form-error" role="status" data-testid="line-blocked">
      {t('account.line.blocked.notice')} <a href="/personas/mientel/equipo/desbloqueo">{t('account.line.blocked.unblock')}</a>
    </p>
  );
}

/** Heading, section links and line switcher around every account screen. */
export function AccountShell({ title, base, children }: { title: string; base: AccountBase; children: React.ReactNode }) {
  const t = useT();
  const market = useMarket();
  const { pathname } = useLocation();
  const links = [
    [`/mi${market.brand}/mi-cuenta`, 'account.nav.home'],
    [`/mi${market.brand}/mis-bolsas`, 'account.nav.myBags'],
    ['/personas/mientel/bolsas', 'account.nav.bags'],
    ['/personas/mientel/recargas', 'account.nav.topups'],
    ['/personas/mientel/consumo', 'account.nav.consumption'],
    ['/personas/mientel/boleta', 'account.nav.bills'],
    ['/personas/mientel/mi-plan/cambio-plan', 'account.nav.planChange'],
    [ORDERS_PATH, 'account.nav.orders'],
    [`/mi${market.brand}/mis-tickets`, 'account.nav.tickets'],
    ['/personas/mientel/notificacion', 'account.nav.notifications'],
    [`/mi${market.brand}/informacion-personal`, 'account.nav.personal'],
    ['/personas/mientel/puntos/detalle', 'account.nav.points'],
    ['/personas/mientel/beneficios', 'account.nav.benefits'],
    ['/personas/mientel/mi-equipo', 'account.nav.equipment'],
    ['/personas/mientel/equipo/quotas-pagar', 'account.nav.installments'],
    ['/personas/mientel/equipo/bloqueo', 'account.nav.device'],
    ['/personas/mientel/linea-smart', 'account.nav.smartLine'],
    ['/personas/mientel/mi-perfil', 'account.nav.profile'],
    ['/personas/mientel/ayuda-soporte', 'account.nav.support'],
  ] as const;
  return (
    <section className="page account-layout">
      <h1>{title}</h1>
      <nav className="account-nav" aria-label={t('account.nav.label')}>
        <ul>
          {links.map(([href, key]) => (
            <li key={href}>
              <a href={href} aria-current={pathname === href ? 'page' : undefined}>
                {key === 'account.nav.notifications' && base.unread > 0 ? t('account.nav.notificationsUnread', { count: base.unread }) : t(key)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <LineSwitcher {...base} />
      <StoppedLineNotice line={base.line} />
      {children}
    </section>
  );
}
