import { useFeature, useT } from '../../lib/root-data.ts';
import { APPOINTMENT_PATH } from './appointment-path.ts';

interface Props {
  /** The public page it is on (a value of the call's `source`, @andes/domain/callback). */
  source: 'product' | 'plan';
  /** What the customer is looking at (a plan or product id): for the agent. */
  context?: string;
  /** Names what the link is about for a screen reader (a plan's name), when several are on the page. */
  about?: string;
}

/**
 * "Te llamamos" on the public shop pages (product page, plan cards): a link to the appointment page,
 * which opens the call dialog at once with this source and context. The dialog's code and texts stay
 * off these pages, which keeps them within their JavaScript and HTML budgets (issue 12), and the link
 * works before JavaScript loads.
 */
export function CallbackLink({ source, context, about }: Props) {
  const t = useT();
  const query = new URLSearchParams({ llamar: source, ...(context ? { contexto: context } : {}) });
  if (!useFeature('clickToCall')) return null;
  return (
    <a
      className="button button-ghost callback-button"
      href={`${APPOINTMENT_PATH}?${query.toString()}`}
      aria-label={about ? `${t('shell.callback.label')} (${about})` : t('shell.callback.label')}
    >
      {t('shell.callback.button')}
    </a>
  );
}
