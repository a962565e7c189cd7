import { useState } from 'react';
import { Link, useLoaderData, type MetaFunction } from 'react-router';
import { formatPhone } from '@andes/domain/documents';
import { pageTitle, useMarket, useRootData, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { withToken } from '../../lib/request.ts';
import { CAPTIVE_PATHS, CaptiveRefused, activationPage, startActivation, type ActivationPlan, type CaptiveLine } from '../../features/captive/index.ts';

/** `bare`: the captive host serves no other page, so the shop's header and footer would only lead to 404s. */
export const handle = { ...messageGroups('captive'), bare: true };

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'captive.activation.title');

export function loader(args: LoaderArgs) {
  return activationPage(args);
}

export function action(args: LoaderArgs) {
  return startActivation(args);
}

/**
 * /activacionpost on the captive host: a postpaid line waiting for its holder is activated with one
 * confirmation; a prepaid line sees the plans it may move to, then a short confirmation with the price.
 */
export default function Activation() {
  const page = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  if (page.refused === null && page.pending && page.idempotencyKey) return <PendingLine line={page.pending} idempotencyKey={page.idempotencyKey} />;
  if (page.refused !== null || !page.offer) return <CaptiveRefused message={page.refused ?? ''} />;
  const phone = formatPhone(page.offer.line.phoneNumber, market.site);
  return (
    <section className="page narrow" aria-labelledby="captive-activation">
      <h1 id="captive-activation">{page.chosen ? t('captive.confirm.title') : t('captive.activation.title')}</h1>
      {page.offer.blocker ? (
        <p role="alert" data-testid="captive-blocked">
          {t(`captive.activation.blocked.${page.offer.blocker.split('.').pop()}`)}
        </p>
      ) : page.chosen && page.idempotencyKey ? (
        <Confirmation plan={page.chosen} phone={phone} idempotencyKey={page.idempotencyKey} />
      ) : (
        <Plans plans={page.offer.plans} phone={phone} />
      )}
    </section>
  );
}

function Plans({ plans, phone }: { plans: ActivationPlan[]; phone: string }) {
  const t = useT();
  return (
    <>
      <p>{t('captive.activation.intro', { phone })}</p>
      <ul className="card-list" data-testid="captive-plans">
        {plans.map((p) => (
          <li key={p.id} className="card">
            <h2>{p.planName}</h2>
            <p>{p.data}</p>
            <p className="price">{t('captive.activation.charge', { amount: p.charge.formatted })}</p>
            <Link className="button" to={`${CAPTIVE_PATHS.activation}?plan=${encodeURIComponent(p.id)}`}>
              {t('captive.roaming.choose', { name: p.planName })}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A plain form posting to the page (works before JavaScript); the page token travels in the address. */
function Confirmation({ plan, phone, idempotencyKey }: { plan: ActivationPlan; phone: string; idempotencyKey: string }) {
  const t = useT();
  const { csrfToken } = useRootData();
  // the browser posts the page itself: the button only stops a second press while it does
  const [busy, setBusy] = useState(false);
  return (
    <form
      method="post"
      action={withToken(`${CAPTIVE_PATHS.activation}?plan=${encodeURIComponent(plan.id)}`, csrfToken)}
      onSubmit={() => setBusy(true)}
      aria-busy={busy}
    >
      <p data-testid="captive-summary">{t('captive.activation.summary', { plan: plan.planName, phone, amount: plan.charge.formatted })}</p>
      <input type="hidden" name="planId" value={plan.id} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('shell.loading') : t('captive.activation.submit', { amount: plan.charge.formatted })}
      </button>
      <Link to={CAPTIVE_PATHS.activation}>{t('captive.activation.back')}</Link>
    </form>
  );
}

/** The holder activates the line the network names (it waits for them); a plain form, as the plan's confirmation. */
function PendingLine({ line, idempotencyKey }: { line: Omit<CaptiveLine, 'success' | 'response'>; idempotencyKey: string }) {
  const t = useT();
  const market = useMarket();
  const { csrfToken } = useRootData();
  const [busy, setBusy] = useState(false);
  return (
    <section className="page narrow" aria-labelledby="captive-pending">
      <h1 id="captive-pending">{t('captive.pending.title')}</h1>
      <form method="post" action={withToken(CAPTIVE_PATHS.activation, csrfToken)} onSubmit={() => setBusy(true)} aria-busy={busy}>
        <p data-testid="captive-summary">{t('captive.pending.summary', { phone: formatPhone(line.phoneNumber, market.site), plan: line.planName ?? '' })}</p>
        <input type="hidden" name="intent" value="activate" />
        <input type="hidden" name="phoneNumber" value={line.phoneNumber} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('shell.loading') : t('captive.pending.submit')}
        </button>
      </form>
    </section>
  );
}
