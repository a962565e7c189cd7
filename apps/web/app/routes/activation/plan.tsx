import { useEffect, useState } from 'react';
import { redirect, useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { formatDateTimeInZone } from '@andes/domain/dates';
import { formatPhone } from '@andes/domain/documents';
import { activationEvents } from '@andes/domain/sim-activation';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { whileBusy } from '../../lib/busy.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { PlanCard } from '../../features/plans/plan-card.tsx';
import type { Plan } from '../../features/plans/types.ts';
import { loadActivation, refusalKey, refusalOf, type Activation } from '../../features/activation/activation-data.ts';
import { ActivationSteps } from '../../features/activation/activation-steps.tsx';
import { journeyOfPath, pagesOf } from '../../features/activation/journey.ts';

export const handle = messageGroups('activation', 'plans');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'activation.plans.title');

/**
 * SPEC §2 `activar-plan`: the new number (one of five held for the customer) and the plan for the
 * chip (the plan selector's activation plans, `activeSimType` of the journey). Without an activation
 * that got this far the page sends the customer to the step they are on.
 */
export async function loader(args: LoaderArgs) {
  const journey = journeyOfPath(new URL(args.request.url).pathname);
  const activation = await loadActivation(args);
  if (!activation || activation.journey !== journey) throw redirect(pagesOf(journey).start);
  if (activation.state !== 'started') throw redirect(activation.next);
  const here = journey === 'port' ? ['plan'] : ['number', 'plan'];
  if (activation.missing !== null && !here.includes(activation.missing)) throw redirect(activation.next);
  const plans = await args.context.api<'GET /restpp/subscriber/plans'>(
    `/restpp/subscriber/plans?activeSimType=${journey === 'port' ? 'portability' : 'newLine'}`,
  );
  const list: Plan[] = plans.status === 200 ? [...plans.body.postpaidPlans, ...plans.body.hybridPlans, ...plans.body.blue] : [];
  return { journey, activation, plans: list };
}

export default function ActivationPlan() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const navigate = useNavigate();
  const [activation, setActivation] = useState<Activation>(data.activation);
  const [error, setError] = useState<string | null>(null);
  const journey = data.journey;
  useEffect(() => track(activationEvents.step(market.site, journey, 'plan')), [market.site, journey]);

  async function send<
    K extends
      | 'POST /restpp/subscriber/active/msisdn'
      | 'PUT /restpp/subscriber/active/msisdn'
      | 'POST /restpp/subscriber/active/plan'
      | 'POST /restpp/subscriber/active/topup',
  >(method: 'POST' | 'PUT', url: string, data: Record<string, unknown> | undefined, step: 'number' | 'plan' | 'topup'): Promise<Activation | null> {
    setError(null);
    const body = await whileBusy(() => request<K>({ url, method, contentType: 'json', data: data ?? {}, failurePopup: 'false' }), t('activation.loading'));
    if (body?.success) {
      const next = (body as unknown as { activation: Activation }).activation;
      setActivation(next);
      return next;
    }
    setError(refusalOf(body, { plan: 'planId', topup: 'amount', number: 'number' }[step]) ?? t('pp.error.generic'));
    track(activationEvents.failure(market.site, journey, step === 'topup' ? 'plan' : step, refusalKey(body)));
    return null;
  }

  async function choosePlan(plan: Plan) {
    const next = await send<'POST /restpp/subscriber/active/plan'>('POST', '/restpp/subscriber/active/plan', { planId: plan.id }, 'plan');
    if (next && next.missing === null) void navigate(next.next);
  }

  async function chooseTopup(amount: number) {
    const next = await send<'POST /restpp/subscriber/active/topup'>('POST', '/restpp/subscriber/active/topup', { amount }, 'topup');
    if (next && next.missing === null) void navigate(next.next);
  }

  const needsNumber = journey === 'newNumber';
  const numberChosen = !needsNumber || !!activation.phoneNumber;
  return (
    <>
      <header className="hero">
        <h1>{t(journey === 'port' ? 'activation.port.title' : 'activation.newNumber.title')}</h1>
      </header>
      <section className="page" aria-labelledby="activation-plan-title">
        <ActivationSteps journey={journey} current="plan" />
        {needsNumber && (
          <section className="activation-section" aria-labelledby="numbers-title">
            <h2 id="numbers-title">{t('activation.numbers.title')}</h2>
            {activation.offered.length === 0 ? (
              <button type="button" className="button" onClick={() => void send('POST', '/restpp/subscriber/active/msisdn', undefined, 'number')}>
                {t('activation.numbers.offer')}
              </button>
            ) : (
              <>
                <p>{t('activation.numbers.held', { time: formatDateTimeInZone(new Date(activation.expiresAt), market.timeZone) })}</p>
                <ul className="activation-numbers" data-testid="offered-numbers">
                  {activation.offered.map((n) => (
                    <li key={n}>
                      <button
                        type="button"
                        className={n === activation.phoneNumber ? 'button' : 'button button-ghost'}
                        aria-pressed={n === activation.phoneNumber}
                        onClick={async () => {
                          if (await send('PUT', '/restpp/subscriber/active/msisdn', { number: n }, 'number'))
                            track(activationEvents.step(market.site, journey, 'number'));
                        }}
                      >
                        {t('activation.numbers.pick', { phone: formatPhone(n, market.site) })}
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            )}
            <p role="status" data-testid="number-chosen">
              {activation.phoneNumber ? t('activation.numbers.chosen', { phone: formatPhone(activation.phoneNumber, market.site) }) : ''}
            </p>
          </section>
        )}
        <div aria-live="assertive">
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
        </div>
        {numberChosen && (
          <section className="activation-section" aria-labelledby="activation-plan-title">
            <h2 id="activation-plan-title">{t('activation.plans.title')}</h2>
            {data.plans.length === 0 ? (
              <p>{t('activation.plans.none')}</p>
            ) : (
              <ul className="activation-plans">
                {data.plans.map((plan) => (
                  <li key={plan.id}>
                    <PlanCard plan={plan} selected={plan.id === activation.plan?.id} onSelect={(p) => void choosePlan(p)} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        {numberChosen && activation.topupAmounts.length > 0 && (
          <section className="activation-section" aria-labelledby="activation-topup-title">
            <h2 id="activation-topup-title">{t('activation.topup.title')}</h2>
            <p>{t('activation.topup.intro')}</p>
            <ul className="activation-numbers" data-testid="topup-amounts" aria-label={t('activation.topup.amount')}>
              {activation.topupAmounts.map((a) => (
                <li key={a.amount}>
                  <button
                    type="button"
                    className={a.amount === activation.initialTopup?.amount ? 'button' : 'button button-ghost'}
                    aria-pressed={a.amount === activation.initialTopup?.amount}
                    onClick={() => void chooseTopup(a.amount)}
                  >
                    {t('activation.topup.choose', { amount: a.formatted })}
                  </button>
                </li>
              ))}
            </ul>
            <p role="status">{activation.initialTopup ? t('activation.topup.chosen', { amount: activation.initialTopup.formatted }) : ''}</p>
          </section>
        )}
      </section>
    </>
  );
}
