import { useEffect, useMemo, useState } from 'react';
import { Link, redirect, useLoaderData, type MetaFunction } from 'react-router';
import { formatDateTimeInZone } from '@andes/domain/dates';
import { formatPhone } from '@andes/domain/documents';
import { MARKET_PAYMENTS } from '@andes/domain/payment-methods';
import { activationEvents } from '@andes/domain/sim-activation';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { holdBusy } from '../../lib/busy.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { newIdempotencyKey } from '../../features/account/account-data.ts';
import { loadActivation, refusalKey, refusalOf } from '../../features/activation/activation-data.ts';
import { ActivationSteps } from '../../features/activation/activation-steps.tsx';
import { journeyOfPath, pagesOf } from '../../features/activation/journey.ts';

export const handle = messageGroups('activation');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'activation.pay.title');

/** SPEC §2 `pagar-plan`: the summary (chip, number, plan, amount) and the first month paid at the gateway. */
export async function loader(args: LoaderArgs) {
  const url = new URL(args.request.url);
  const journey = journeyOfPath(url.pathname);
  const activation = await loadActivation(args);
  if (!activation || activation.journey !== journey) throw redirect(pagesOf(journey).start);
  if (activation.state === 'active' || (activation.state === 'started' && activation.missing !== null)) throw redirect(activation.next);
  return { journey, activation, result: url.searchParams.get('resultado') };
}

export default function ActivationPay() {
  const { journey, activation, result } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const key = useMemo(() => newIdempotencyKey(), []);
  const initial = result === 'rechazado' ? t('activation.error.rejected') : result === 'unknown' ? t('activation.pay.unknown') : null;
  const [error, setError] = useState<string | null>(initial);
  useEffect(() => {
    track(activationEvents.step(market.site, journey, 'payment'));
    if (result === 'rechazado') track(activationEvents.failure(market.site, journey, 'payment', 'activation.error.rejected'));
  }, [market.site, journey, result]);

  const [cashCode, setCashCode] = useState(activation.cashCode);

  async function pay(method: 'webPay' | 'cashCode') {
    setError(null);
    const release = holdBusy(t('activation.loading'));
    const body = await request<'POST /restpp/subscriber/active/payment'>({
      url: '/restpp/subscriber/active/payment',
      method: 'POST',
      contentType: 'json',
      data: { paymentMethod: method, idempotencyKey: key },
      failurePopup: 'false',
    });
    if (body?.success && body.paymentMethod === 'cashCode' && body.cashCode) {
      release();
      const expiresAt = new Date(Date.now() + MARKET_PAYMENTS[market.site].cashCodeExpiryHours * 3_600_000).toISOString();
      setCashCode({ code: body.cashCode, expiresAt: activation.cashCode?.expiresAt ?? expiresAt });
      return;
    }
    if (body?.success && body.response?.redirectRUL) {
      window.location.assign(body.response.redirectRUL);
      return;
    }
    release();
    setError(refusalOf(body) ?? t('pp.error.generic'));
    track(activationEvents.failure(market.site, journey, 'payment', refusalKey(body)));
  }

  const title = activation.initialTopup ? 'activation.pay.topupTitle' : 'activation.pay.title';
  return (
    <>
      <header className="hero">
        <h1>{t(title)}</h1>
      </header>
      <section className="page" aria-labelledby="activation-summary">
        <ActivationSteps journey={journey} current="payment" />
        <h2 id="activation-summary" className="sr-only">
          {t(title)}
        </h2>
        <dl className="activation-summary" data-testid="activation-summary">
          <dt>{t('activation.pay.chip')}</dt>
          <dd>{activation.chip.last4}</dd>
          <dt>{t('activation.pay.number')}</dt>
          <dd>{activation.phoneNumber ? formatPhone(activation.phoneNumber, market.site) : ''}</dd>
          <dt>{t('activation.pay.plan')}</dt>
          <dd>{activation.initialTopup ? t('activation.pay.topup') : activation.plan?.planName}</dd>
          <dt>{t('activation.pay.total')}</dt>
          <dd>
            <strong data-testid="activation-total">{activation.amount?.formatted}</strong>
          </dd>
        </dl>
        <p>{t('activation.pay.note')}</p>
        <div aria-live="assertive">
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
        </div>
        {cashCode && (
          <p role="status" className="notice-success" data-testid="cash-code">
            {t('activation.pay.cashCode', { code: cashCode.code, date: formatDateTimeInZone(new Date(cashCode.expiresAt), market.timeZone) })}
          </p>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void pay('webPay');
          }}
          className="hero-actions"
        >
          <button type="submit" className="button">
            {t('activation.pay.card')}
          </button>
          {activation.paymentMethods.includes('cashCode') && !cashCode && (
            <button type="button" className="button button-ghost" onClick={() => void pay('cashCode')}>
              {t('activation.pay.cash')}
            </button>
          )}
          <Link className="button button-ghost" to={pagesOf(journey).plan}>
            {t('activation.plans.title')}
          </Link>
        </form>
      </section>
    </>
  );
}
