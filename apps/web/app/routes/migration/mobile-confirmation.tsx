import { useMemo, useState } from 'react';
import { Link, redirect, useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { mobileEvents, MOBILE_PATHS } from '@andes/domain/migration-mobile';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { whileBusy } from '../../lib/busy.ts';
import { newIdempotencyKey } from '../../features/account/account-data.ts';
import { PlanCard } from '../../features/plans/plan-card.tsx';
import { MobileSteps } from '../../features/migration/mobile-steps.tsx';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('migration', 'plans');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'mobile.confirmation.title');

/** `confirmacion`: the delivery data kept by `entrega`; without it the customer starts there. */
export async function loader({ context }: LoaderArgs) {
  const res = await context.api<'GET /restpp/mobile/request'>('/restpp/mobile/request');
  if (!res.body.success || !res.body.request) throw redirect(MOBILE_PATHS.delivery);
  return { draft: res.body.request };
}

export default function MobileConfirmation() {
  const { draft } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const navigate = useNavigate();
  const key = useMemo(() => newIdempotencyKey(), []);
  const [busy, setBusy] = useState(false);

  async function confirm(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    const body = await whileBusy(() =>
      request({ url: '/restpp/mobile/request', method: 'POST', contentType: 'json', data: { idempotencyKey: key }, failurePopup: 'false' }),
    );
    if (body?.success && typeof body.number === 'string') {
      navigate(`${MOBILE_PATHS.success}?solicitud=${encodeURIComponent(body.number)}`);
      return;
    }
    const reason = body?.response?.systemMessage?.[0]?.exceptionKey === 'mobile.error.coverage' ? 'coverage' : 'generic';
    track(mobileEvents.failure(market.site, reason));
    navigate(`${MOBILE_PATHS.failure}?motivo=${reason}`);
  }

  return (
    <section className="page" aria-labelledby="mobile-confirmation">
      <MobileSteps current="confirmation" />
      <h1 id="mobile-confirmation">{t('mobile.confirmation.title')}</h1>
      <div className="migration-plans">
        <PlanCard plan={draft.plan} headingLevel={2} />
        <dl className="migration-summary" data-testid="mobile-summary">
          <dt>{t('mobile.confirmation.name')}</dt>
          <dd>{draft.name}</dd>
          <dt>{market.document.label}</dt>
          <dd>{draft.document}</dd>
          <dt>{t('mobile.confirmation.contact')}</dt>
          <dd>
            {draft.email} · {draft.phoneNumber}
          </dd>
          <dt>{t('mobile.confirmation.address')}</dt>
          <dd>{draft.address}</dd>
        </dl>
      </div>
      <p>{t('mobile.confirmation.billing')}</p>
      <form onSubmit={confirm} className="hero-actions">
        <button type="submit" className="button" disabled={busy}>
          {t('mobile.confirmation.submit')}
        </button>
        <Link className="button button-ghost" to={MOBILE_PATHS.delivery}>
          {t('mobile.confirmation.edit')}
        </Link>
      </form>
    </section>
  );
}
