import type { MetaFunction } from 'react-router';
import { useLocation } from 'react-router';
import { CREDIT_PAGES } from '@andes/domain/credit';
import { pageTitle, useT } from '../../lib/root-data.ts';
import '../../features/cart/cart.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('portability');

/** No data of its own: the loader carries the route's message groups (lib/message-groups.ts). */
export function loader() {
  return {};
}

const PAGES: Record<string, { title: string; body: string; action: { href: string; label: string } }> = {
  [CREDIT_PAGES.rejected]: {
    title: 'credit.rejected.title',
    body: 'credit.rejected.body',
    action: { href: '/lista-productos', label: 'credit.equipment.cta' },
  },
  [CREDIT_PAGES.error]: { title: 'credit.error.title', body: 'credit.error.body', action: { href: CREDIT_PAGES.request, label: 'credit.retry' } },
  [CREDIT_PAGES.equipmentError]: {
    title: 'credit.equipment.title',
    body: 'credit.equipment.body',
    action: { href: '/lista-productos', label: 'credit.equipment.cta' },
  },
};

const pageOf = (path: string) => PAGES[path.replace(/\/$/, '')] ?? PAGES[CREDIT_PAGES.error]!;

export const meta: MetaFunction = ({ matches, location }) => pageTitle(matches, pageOf(location.pathname).title);

/** generic-error, rejected-credit and equipment-error of /personas/equipos/lineas/solicitud. */
export default function CreditResult() {
  const t = useT();
  const page = pageOf(useLocation().pathname);
  return (
    <section className="page narrow">
      <h1>{t(page.title)}</h1>
      <p role="alert">{t(page.body)}</p>
      <a className="button" href={page.action.href}>
        {t(page.action.label)}
      </a>{' '}
      <a href="/">{t('credit.back')}</a>
    </section>
  );
}
