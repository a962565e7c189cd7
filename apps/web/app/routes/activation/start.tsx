import { useEffect, useState } from 'react';
import { Link, useLoaderData, type MetaFunction } from 'react-router';
import { activationEvents } from '@andes/domain/sim-activation';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { loadActivation, type Activation } from '../../features/activation/activation-data.ts';
import { ActivationSteps } from '../../features/activation/activation-steps.tsx';
import { journeyOfPath } from '../../features/activation/journey.ts';
import { AddressForm, ChipForm, HolderForm } from '../../features/activation/start-forms.tsx';
import { startAction } from '../../features/activation/start-actions.server.ts';
import type { Area } from '../../features/cart/geo-fields.tsx';

export const handle = messageGroups('activation', 'cart');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'activation.title');

/**
 * SPEC §2 `numero-nuevo/datos-personales/feasibility` and `portar-plan/datos-personales`: the chip,
 * the holder and their identity, the address and its feasibility. The activation this browser started
 * (if any) is resumed; one of the other journey starts over here.
 */
export async function loader(args: LoaderArgs) {
  const journey = journeyOfPath(new URL(args.request.url).pathname);
  const [activation, regions] = await Promise.all([loadActivation(args), args.context.api<'GET /restpp/order/geo/regions'>('/restpp/order/geo/regions')]);
  return { journey, activation: activation?.journey === journey ? activation : null, regions: (regions.body.regions ?? []) as Area[] };
}

/** POST: the chip, the holder's data and the identity questions without JavaScript (decision 018). */
export async function action({ request, context }: LoaderArgs) {
  return startAction(request, context, journeyOfPath(new URL(request.url).pathname));
}

export default function ActivationStart() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [activation, setActivation] = useState<Activation | null>(data.activation);
  const journey = data.journey;
  useEffect(() => track(activationEvents.step(market.site, journey, 'chip')), [market.site, journey]);
  const ready = activation && activation.identityPassed && (journey === 'port' || activation.covered === true);
  return (
    <>
      <header className="hero">
        <h1>{t(journey === 'port' ? 'activation.port.title' : 'activation.newNumber.title')}</h1>
        <p>{t('activation.intro')}</p>
      </header>
      <section className="page" aria-labelledby="activation-data" aria-busy={false}>
        <ActivationSteps journey={journey} current="data" />
        <h2 id="activation-data" className="sr-only">
          {t('activation.step.data')}
        </h2>
        <ChipForm journey={journey} activation={activation} onChange={setActivation} />
        {activation && <HolderForm journey={journey} activation={activation} onChange={setActivation} />}
        {journey === 'newNumber' && activation?.identityPassed && (
          <AddressForm journey={journey} activation={activation} regions={data.regions} onChange={setActivation} />
        )}
        {ready && (
          <Link className="button" to={activation.next} data-testid="activation-continue">
            {t('activation.continue')}
          </Link>
        )}
      </section>
    </>
  );
}
