import { useState } from 'react';
import { Link, useLoaderData, type MetaFunction } from 'react-router';
import { formatPhone } from '@andes/domain/documents';
import { pageTitle, useMarket, useRootData, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { withToken } from '../../lib/request.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { CAPTIVE_PATHS, CaptiveRefused, buyRoaming, roamingPage, type RoamingOffer } from '../../features/captive/index.ts';

/** `bare`: the captive host serves no other page, so the shop's header and footer would only lead to 404s. */
export const handle = { ...messageGroups('captive'), bare: true };

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'captive.roaming.title');

export function loader(args: LoaderArgs) {
  return roamingPage(args);
}

export function action(args: LoaderArgs) {
  return buyRoaming(args);
}

/** /roamingpostbolsas on the captive host: the roaming bags by zone, then a short confirmation with the price. */
export default function Roaming() {
  const page = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  if (page.refused !== null || !page.offers) return <CaptiveRefused message={page.refused ?? ''} />;
  const phone = formatPhone(page.offers.line.phoneNumber, market.site);
  return (
    <section className="page narrow" aria-labelledby="captive-roaming">
      <h1 id="captive-roaming">{page.chosen ? t('captive.confirm.title') : t('captive.roaming.title')}</h1>
      {page.chosen && page.idempotencyKey ? (
        <Confirmation offer={page.chosen} phone={phone} idempotencyKey={page.idempotencyKey} />
      ) : (
        <Offers offers={page.offers.offers} phone={phone} />
      )}
    </section>
  );
}

function Offers({ offers, phone }: { offers: RoamingOffer[]; phone: string }) {
  const t = useT();
  const buyable = offers.filter((o) => o.payments.length > 0);
  if (!buyable.length) return <p role="status">{t('captive.roaming.empty')}</p>;
  return (
    <>
      <p>{t('captive.roaming.intro', { phone })}</p>
      <ul className="card-list" data-testid="captive-offers">
        {buyable.map((o) => (
          <li key={o.id} className="card">
            <h2>{o.zone ? t('captive.roaming.zone', { zone: o.zone }) : o.name}</h2>
            <p>{o.name}</p>
            <p>{t('captive.roaming.validity', { days: o.validityDays })}</p>
            <p className="price">{o.priceFormatted}</p>
            <Link className="button" to={`${CAPTIVE_PATHS.roaming}?oferta=${encodeURIComponent(o.id)}`}>
              {t('captive.roaming.choose', { name: o.name })}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A plain form posting to the page (works before JavaScript); the page token travels in the address. */
function Confirmation({ offer, phone, idempotencyKey }: { offer: RoamingOffer; phone: string; idempotencyKey: string }) {
  const t = useT();
  const market = useMarket();
  const { csrfToken } = useRootData();
  // the browser posts the page itself: the button only stops a second press while it does
  const [busy, setBusy] = useState(false);
  return (
    <form
      method="post"
      action={withToken(`${CAPTIVE_PATHS.roaming}?oferta=${encodeURIComponent(offer.id)}`, csrfToken)}
      onSubmit={() => setBusy(true)}
      aria-busy={busy}
    >
      <p data-testid="captive-summary">{t('captive.confirm.summary', { name: offer.name, phone, price: offer.priceFormatted })}</p>
      <input type="hidden" name="offerId" value={offer.id} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <fieldset>
        <legend>{t('captive.confirm.payment')}</legend>
        {offer.payments.map((p, i) => (
          <label key={p} className="radio">
            <input type="radio" name="payment" value={p} defaultChecked={i === 0} required />
            {t(`captive.payment.${p}`, { brand: market.brandName })}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('shell.loading') : t('captive.confirm.submit', { price: offer.priceFormatted })}
      </button>
      <Link to={CAPTIVE_PATHS.roaming}>{t('captive.confirm.back')}</Link>
    </form>
  );
}
