import { useEffect, useRef, useState } from 'react';
import { useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { events } from '@andes/domain/analytics';
import { cartNeedsCoverage } from '@andes/domain/coverage-rules';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { CheckoutSteps } from '../../features/cart/steps.tsx';
import '../../features/cart/cart.css';
import { messageGroups } from '../../lib/message-groups.ts';
import type { Answer } from '@andes/contract/caller';

export const handle = messageGroups('cart');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'checkout.feasibility.title');

type Address = Answer<'GET /restpp/order/delivery/address'>['addresses'][number];
type Coverage = Answer<'POST /restpp/coverage/v1/validate'>['coverage'];

/** The coverage of the chosen delivery address, answered on the server for the first view (nothing is recorded yet). */
export async function loader({ context }: LoaderArgs) {
  const [cart, addresses] = await Promise.all([
    context.api<'GET /restpp/order/shoppingCart'>('/restpp/order/shoppingCart'),
    context.api<'GET /restpp/order/delivery/address'>('/restpp/order/delivery/address'),
  ]);
  const shoppingCart = cart.body.shoppingCart;
  const needed = shoppingCart.shippingInfo.deliveryType === 'delivery' && cartNeedsCoverage(shoppingCart.items);
  const address = (addresses.body.addresses ?? []).find((a) => a.id === shoppingCart.shippingInfo.addressId) ?? null;
  if (!needed || !address) return { needed, address, coverage: null };
  const checked = await context.api<'POST /restpp/coverage/v1/validate'>('/restpp/coverage/v1/validate', { method: 'POST', body: { addressId: address.id } });
  return { needed, address, coverage: checked.body.success ? checked.body.coverage : null };
}

const addressText = (a: Address) => [`${a.streetName} ${a.addressNumber}`, a.detailsAddressNumber, a.communeName, a.regionName].filter(Boolean).join(', ');

/** /personas/flujo-compra/factibilidad: coverage of the delivery address before payment, for lines activated there. */
export default function Feasibility() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const coverage = data.coverage;

  useEffect(() => {
    heading.current?.focus();
    if (coverage && !coverage.covered) track(events.failure(market.site, 'pp.error.coverage.none', 'factibilidad'));
  }, [coverage, market.site]);

  /** Records the check for the cart, then goes on to payment. */
  async function proceed() {
    if (!data.address) return;
    setBusy(true);
    const res = await request({ url: '/restpp/coverage/v1/create', method: 'POST', contentType: 'json', data: { addressId: data.address.id } });
    const recorded = res?.coverage as Coverage | undefined;
    if (res?.success && recorded?.covered) {
      navigate('/personas/flujo-compra/detalle-pago');
      return;
    }
    setBusy(false);
  }

  return (
    <section className="page">
      <CheckoutSteps current="delivery" />
      <h1 ref={heading} tabIndex={-1}>
        {t('checkout.feasibility.title')}
      </h1>
      <p>{t('checkout.feasibility.intro')}</p>
      {data.address && <p>{t('checkout.feasibility.address', { address: addressText(data.address) })}</p>}
      <div aria-live="polite">
        {!data.needed && <p>{t('checkout.feasibility.notNeeded')}</p>}
        {data.needed && !data.address && <p className="alert alert-error">{t('checkout.feasibility.noAddress')}</p>}
        {coverage?.covered && (
          <p data-testid="coverage">{t('checkout.feasibility.covered', { technology: coverage.technology ?? '', commune: coverage.commune.name })}</p>
        )}
        {coverage && !coverage.covered && (
          <p className="alert alert-error" data-testid="coverage">
            {t('checkout.feasibility.none', { commune: coverage.commune.name })}
          </p>
        )}
      </div>
      <p>
        {(!data.needed || coverage?.covered) && (
          <button type="button" className="button" disabled={busy} onClick={data.needed ? proceed : () => navigate('/personas/flujo-compra/detalle-pago')}>
            {t('checkout.feasibility.continue')}
          </button>
        )}{' '}
        <a href="/personas/flujo-compra/datos-despacho">{t('checkout.feasibility.change')}</a>
      </p>
    </section>
  );
}
