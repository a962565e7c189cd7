import { useEffect } from 'react';
import { Link, redirect, useLoaderData, type MetaFunction } from 'react-router';
import { formatDateTimeInZone } from '@andes/domain/dates';
import { formatPhone } from '@andes/domain/documents';
import { INITIAL_TOPUP_ITEM, activationEvents } from '@andes/domain/sim-activation';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { loadActivation } from '../../features/activation/activation-data.ts';
import { ActivationSteps } from '../../features/activation/activation-steps.tsx';
import { journeyOfPath, pagesOf } from '../../features/activation/journey.ts';

export const handle = messageGroups('activation');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'activation.done.title');

/** SPEC §2 `activacion-exitosa`: the number, the plan, when the line works, and the account it is in. */
export async function loader(args: LoaderArgs) {
  const journey = journeyOfPath(new URL(args.request.url).pathname);
  const activation = await loadActivation(args);
  if (!activation || activation.journey !== journey) throw redirect(pagesOf(journey).start);
  if (activation.state !== 'active' || !activation.result) throw redirect(activation.next);
  return { journey, activation, result: activation.result };
}

export default function ActivationSuccess() {
  const { journey, activation, result } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  useEffect(() => {
    track(activationEvents.step(market.site, journey, 'done'));
    track(
      activationEvents.purchase(market.site, market.currency, journey, {
        phoneNumber: result.phoneNumber,
        planId: activation.plan?.id ?? (activation.initialTopup ? INITIAL_TOPUP_ITEM : ''),
        amount: activation.amount?.amount ?? 0,
      }),
    );
  }, [market.site, market.currency, journey, result.phoneNumber, activation.plan?.id, activation.initialTopup, activation.amount?.amount]);
  const works = new Date(result.worksFrom);
  return (
    <>
      <header className="hero">
        <h1>{t('activation.done.title')}</h1>
      </header>
      <section className="page" aria-labelledby="activation-done" data-testid="activation-done">
        <ActivationSteps journey={journey} current="done" />
        <h2 id="activation-done" data-testid="activation-number">
          {t('activation.done.number', { phone: formatPhone(result.phoneNumber, market.site) })}
        </h2>
        <p data-testid="activation-offer">
          {result.prepaidBalance
            ? t('activation.done.prepaid', { amount: result.prepaidBalance.formatted })
            : t('activation.done.plan', { plan: result.planName })}
        </p>
        <p>
          {works.getTime() > Date.now() ? t('activation.done.portWindow', { date: formatDateTimeInZone(works, market.timeZone) }) : t('activation.done.now')}
        </p>
        {result.newCustomer ? (
          <p>
            {t('activation.done.newAccount', { document: result.signIn })} <a href="/personas/creacion-clave">{t('activation.done.createSecret')}</a>
          </p>
        ) : (
          <p>
            {t('activation.done.linked', { document: result.signIn })} <Link to={market.loginPath}>{t('activation.done.signIn')}</Link>
          </p>
        )}
      </section>
    </>
  );
}
