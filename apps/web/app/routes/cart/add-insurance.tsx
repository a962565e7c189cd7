import { useEffect, useState } from 'react';
import { redirect, useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { cartEvents } from '@andes/domain/analytics-shop';
import { toggleInsurance } from '@andes/domain/insurance-selection';
import { formatPhone } from '@andes/domain/documents';
import { holdsPhone, identificationPath, insurableLines, PHONE_PURCHASE_PATHS } from '@andes/domain/phone-purchase';
import { InsuranceErrorKeys } from '@andes/domain/catalogue-product';
import { pageTitle, useMarket, useRootData, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { useBusyFlag, whileBusy } from '../../lib/busy.ts';
import { CHECKOUT_PATHS } from '../../features/cart/checkout-fields.ts';
import { CheckoutSteps } from '../../features/cart/steps.tsx';
import { createOrder } from '../../features/cart/create-order.ts';
import { InsuranceOffer } from '../../features/catalogue/insurance-offer.tsx';
import type { Insurance } from '../../features/catalogue/types.ts';
import '../../features/cart/cart.css';
import '../../features/catalogue/catalogue.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('cart', 'catalogue');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'checkout.insurance.title');

interface PhoneLine {
  skuId: string;
  name: string;
  color: string | null;
  /** The insurances the line carries now. */
  chosen: string[];
  /** Why this phone cannot be insured here (a message key), null when it can. */
  refusal: string | null;
}

/**
 * /personas/producto/agregar-seguro: the phone purchase's insurance step, after its identification
 * (decision 022). Each phone of the cart with the insurances it may carry (the server's rule: a phone
 * alone only for a signed-in customer where the market offers it, one with a plan anywhere), then the
 * order is made as the checkout's entry makes it.
 */
export async function loader({ context }: LoaderArgs) {
  const [current, profile, catalogue] = await Promise.all([
    context.api<'GET /restpp/order'>('/restpp/order'),
    context.api<'POST /REST/profile/current'>('/REST/profile/current', { method: 'POST' }),
    context.api<'GET /restpp/meta/insurances'>('/restpp/meta/insurances'),
  ]);
  const cart = current.body.shoppingCart;
  if (!cart?.items.length) throw redirect('/carrito-compra');
  if (!cart.status.registrationReady) throw redirect(identificationPath(cart.items));
  if (!holdsPhone(cart.items)) throw redirect('/checkout/flujo-compra');
  const me = profile.body.profile;
  const signedIn = me?.securityStatus === 4;
  const phoneNumber = signedIn ? (me?.phoneNumber ?? null) : null;
  const lines: PhoneLine[] = insurableLines(cart.items, signedIn, context.market).map(({ line, refusal }) => ({
    skuId: line.id,
    name: line.name,
    color: line.color,
    chosen: line.insurances.map((i) => i.id),
    // the insurance covers one of the customer's own lines: without one there is nothing to cover
    refusal: refusal ?? (phoneNumber ? null : InsuranceErrorKeys.login),
  }));
  return {
    lines,
    insurances: catalogue.body.success ? catalogue.body.insurances : [],
    phoneNumber,
    signIn: `${context.market.loginPath}?successurl=${encodeURIComponent(PHONE_PURCHASE_PATHS.insurance)}`,
  };
}

/** The catalogue's options with a line's current choice ticked (and what it excludes disabled). */
function optionsFor(insurances: Insurance[], chosen: string[]): Insurance[] {
  return chosen.reduce(
    (options, id) => toggleInsurance(options, id, true),
    insurances.map((i) => ({ ...i, checked: false, enabled: true })),
  );
}

const idsOf = (options: Insurance[]) =>
  options
    .filter((i) => i.checked)
    .map((i) => i.id)
    .sort();

export default function AddInsurance() {
  const { lines, insurances, phoneNumber, signIn } = useLoaderData<typeof loader>();
  const { csrfToken } = useRootData();
  const t = useT();
  const market = useMarket();
  const navigate = useNavigate();
  const offered = lines.filter((l) => l.refusal === null);
  const [choices, setChoices] = useState<Record<string, Insurance[]>>(() =>
    Object.fromEntries(offered.map((l) => [l.skuId, optionsFor(insurances, l.chosen)])),
  );
  const [busy, setBusy] = useBusyFlag();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    track(cartEvents.insuranceStep(market.site, 'shown', { offered: offered.length }));
  }, [market.site, offered.length]);

  /** Saves each changed choice for the customer's line, then makes the order and goes on to delivery. */
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setBusy(true);
    // the overlay lasts until the next page shows, or until a refusal is told on this one
    await whileBusy(async () => {
      for (const line of offered) {
        const ids = idsOf(choices[line.skuId] ?? []);
        if (ids.join() === [...line.chosen].sort().join()) continue;
        const saved = await request({
          url: '/restpp/order/insurances',
          method: 'POST',
          contentType: 'json',
          headers: { atg_phoneNumber: phoneNumber ?? '' },
          data: { insurances: ids, skuId: line.skuId },
          failurePopup: 'false',
        });
        if (!saved?.success) {
          setBusy(false);
          setError(saved?.response?.systemMessage?.[0]?.messages[0] ?? t('checkout.insurance.error', { name: line.name }));
          return;
        }
      }
      track(
        cartEvents.insuranceStep(market.site, 'continued', {
          offered: offered.length,
          insured: offered.filter((l) => idsOf(choices[l.skuId] ?? []).length > 0).length,
        }),
      );
      const created = await createOrder(market);
      if (created?.success) return navigate(CHECKOUT_PATHS.delivery);
      // a failed creation was stored by the server: the cart (or the stock page) shows it
      return navigate(typeof created?.redirectRUL === 'string' ? created.redirectRUL : CHECKOUT_PATHS.cart);
    });
  }

  return (
    <section className="page narrow">
      <CheckoutSteps current="identification" />
      <h1>{t('checkout.insurance.title')}</h1>
      <p>{t('checkout.insurance.intro')}</p>
      {lines.map((line) => (
        <section key={line.skuId} aria-labelledby={`insure-${line.skuId}`} data-testid="insurable-phone">
          <h2 id={`insure-${line.skuId}`}>{line.color ? `${line.name} · ${line.color}` : line.name}</h2>
          {line.refusal ? (
            <p>
              {t(line.refusal)}
              {line.refusal === InsuranceErrorKeys.login && (
                <>
                  {' '}
                  <a href={signIn}>{t('checkout.identification.loginCta')}</a>
                </>
              )}
            </p>
          ) : (
            <>
              {phoneNumber && <p>{t('checkout.insurance.line', { phone: formatPhone(phoneNumber, market.site) })}</p>}
              <InsuranceOffer insurances={choices[line.skuId] ?? []} onChange={(next) => setChoices((all) => ({ ...all, [line.skuId]: next }))} />
            </>
          )}
        </section>
      ))}
      {/* before JavaScript runs the form posts to the checkout's entry: the order is made, the insurances stay as they are */}
      <form method="post" action={`/checkout/flujo-compra?f__key__=${encodeURIComponent(csrfToken)}`} onSubmit={submit}>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button-wide" disabled={busy}>
          {t('checkout.continue')}
        </button>
      </form>
    </section>
  );
}
