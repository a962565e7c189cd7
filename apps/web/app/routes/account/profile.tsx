import { useLoaderData, type MetaFunction } from 'react-router';
import { formatPhone } from '@andes/domain/documents';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('access', 'account');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.profile.title');

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const res = await args.context.api<'GET /restpp/order/customer/info'>('/restpp/order/customer/info');
  return { ...base, customer: res.body.customer ?? null };
}

/** mi-perfil: who the customer is, their lines, and the way to each profile screen. */
export default function Profile() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const c = data.customer;
  const shortcuts = [
    ['/personas/mientel/mi-perfil/mis-datos', 'account.nav.personal'],
    ['/personas/mientel/mi-perfil/cambiar-clave', 'password.change.title'],
    ['/personas/mientel/notificacion', 'account.nav.notifications'],
    ['/personas/mientel/puntos/detalle', 'account.nav.points'],
    ['/personas/mientel/beneficios', 'account.nav.benefits'],
    [`/mi${market.brand}/canje-bonos`, 'account.nav.bonuses'],
    ['/personas/mientel/mi-equipo', 'account.nav.equipment'],
    ['/personas/mientel/ayuda-soporte', 'account.nav.support'],
    ['/personas/mientel/solicitudes', 'account.nav.requests'],
  ] as const;
  return (
    <AccountShell title={t('account.profile.title')} base={data}>
      {c && (
        <section aria-labelledby="profile-who" className="card">
          <h2 id="profile-who">{t('account.profile.greeting', { name: c.name })}</h2>
          <p>{t('account.profile.document', { label: market.document.label, document: c.document })}</p>
          <p>{t('account.profile.contact', { email: c.email, phone: c.contactPhone ? formatPhone(c.contactPhone, market.site) : '—' })}</p>
        </section>
      )}
      <h2>{t('account.profile.lines')}</h2>
      <ul data-testid="profile-lines">
        {data.lines.map((l) => (
          <li key={l.phoneNumber}>
            {formatPhone(l.phoneNumber, market.site)} · {t(`account.line.kind.${l.kind}`)} · {t(`account.line.status.${l.status}`)}
          </li>
        ))}
      </ul>
      <h2>{t('account.profile.shortcuts')}</h2>
      <ul className="link-list">
        {shortcuts.map(([href, key]) => (
          <li key={href}>
            <a href={href}>{t(key)}</a>
          </li>
        ))}
      </ul>
    </AccountShell>
  );
}
