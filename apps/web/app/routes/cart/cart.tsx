import { useEffect, useState } from 'react';
import { useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { cartEvents } from '@andes/domain/analytics-shop';
import { roundForEvent } from '@andes/domain/money';
import { pageTitle, useMarket, useRootData, useT, type LoaderArgs, isSignedIn } from '../../lib/root-data.ts';
import { request, type Reply } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { useBusyFlag, whileBusy } from '../../lib/busy.ts';
import { ErrorDialog } from '../../ui/overlays.tsx';
import { CHECKOUT_PATHS } from '../../features/cart/checkout-fields.ts';
import { CartLines } from '../../features/cart/cart-lines.tsx';
import { CartSummary } from '../../features/cart/cart-summary.tsx';
import { Suggestions } from '../../features/cart/suggestions.tsx';
import { analyticsItems } from '../../features/cart/money.ts';
import { createOrder } from '../../features/cart/create-order.ts';
import { identificationPath } from '@andes/domain/phone-purchase';
import { emptyCart, type Cart, type CartItem, type Suggestion } from '../../features/cart/types.ts';
import '../../features/cart/cart.css';
import { CallbackButton } from '../../features/callback/callback-button.tsx';
import { messageGroups } from '../../lib/message-groups.ts';
import { dispatchIntent, useFormRefusal } from '../../lib/form-action.ts';
import { FormRefusalMessage } from '../../ui/form-refusal.tsx';
import { cartIntents } from '../../features/cart/cart-actions.server.ts';

export const handle = messageGroups('cart', 'phonePlan', 'callback');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'cart.title');

export async function loader({ context }: LoaderArgs) {
  const [cart, suggestions] = await Promise.all([
    context.api<'GET /restpp/order/shoppingCart'>('/restpp/order/shoppingCart'),
    context.api<'GET /restpp/order/suggestions'>('/restpp/order/suggestions'),
  ]);
  const { orderCreationError, ...rest } = cart.body;
  return {
    cart: cart.body.success ? (rest as Cart) : emptyCart,
    orderCreationError: orderCreationError ?? null,
    suggestions: suggestions.body.products ?? [],
    buyer: await signedInBuyer(context),
  };
}

/** SPEC §7 customer user info: on the cart, a signed-in customer's (asked only for them), so the page says who buys. */
async function signedInBuyer(context: LoaderArgs['context']) {
  const profile = await context.api<'POST /REST/profile/current'>('/REST/profile/current', { method: 'POST' });
  if (!isSignedIn(profile.body.profile)) return null;
  const info = await context.api<'GET /restpp/order/v2/userInfo'>('/restpp/order/v2/userInfo');
  return info.body.success ? { name: info.body.userInfo.name, document: info.body.userInfo.document } : null;
}

/** POST: the cart's forms without JavaScript (a line's quantity or removal, a suggestion added), back to the cart. */
export async function action({ request, context }: LoaderArgs) {
  return dispatchIntent(request, cartIntents(context, new URL(request.url).pathname));
}

/** Every cart change answers the cart (the contract's cartAnswer). */
type CartReply = Reply<'POST /restpp/order/cart'>;
const asCart = (body: CartReply | null): Cart | null => (body?.success && Array.isArray(body.items) ? body : null);

export default function CartPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const { csrfToken } = useRootData();
  const navigate = useNavigate();
  const [cart, setCart] = useState<Cart>(data.cart);
  const [busy, setBusy] = useBusyFlag();
  const [status, setStatus] = useState('');
  const [payError, setPayError] = useState<string | null>(null);
  const refusal = useFormRefusal();
  useEffect(() => setCart(data.cart), [data.cart]);

  // SPEC §4/§8: the stored order-creation failure shows once, rendered from what the page loaded (the
  // server cleared it as it answered), so no listener has to be ready for it
  const [stored, setStored] = useState(data.orderCreationError);
  useEffect(() => setStored(data.orderCreationError), [data.orderCreationError]);

  async function change(call: () => Promise<CartReply | null>, done: (next: Cart) => void) {
    setBusy(true);
    const body = await whileBusy(call);
    setBusy(false);
    const next = asCart(body);
    if (next) {
      setCart(next);
      done(next);
    }
  }

  const quantity = (item: CartItem, q: number) =>
    change(
      () => request<'POST /restpp/order/cart'>({ url: '/restpp/order/cart', method: 'POST', contentType: 'json', data: { id: item.id, quantity: q } }),
      () => {
        const delta = Math.abs(q - item.quantity);
        const items = analyticsItems(market.currency, [{ ...item, quantity: delta }]);
        track(q > item.quantity ? cartEvents.addToCart(market.site, market.currency, items) : cartEvents.removeFromCart(market.site, market.currency, items));
        setStatus(t('cart.updated'));
      },
    );

  const remove = (item: CartItem) =>
    change(
      () => request<'DELETE /restpp/order/:productOfferingID'>({ url: `/restpp/order/${encodeURIComponent(item.id)}`, method: 'DELETE' }),
      () => {
        track(cartEvents.removeFromCart(market.site, market.currency, analyticsItems(market.currency, [item])));
        setStatus(t('cart.removed', { name: item.name }));
      },
    );

  const add = (p: Suggestion) =>
    change(
      () =>
        request<'POST /restpp/order/add'>({
          url: '/restpp/order/add',
          method: 'POST',
          contentType: 'json',
          data: { items: [{ type: 'equipment', id: p.skuId, quantity: 1 }] },
        }),
      () => {
        track(
          cartEvents.addToCart(
            market.site,
            market.currency,
            analyticsItems(market.currency, [{ id: p.skuId, name: p.displayName, color: p.color, price: p.price, quantity: 1 }]),
          ),
        );
        setStatus(t('cart.updated'));
      },
    );

  async function pay() {
    setPayError(null);
    track(cartEvents.beginCheckout(market.site, market.currency, roundForEvent(cart.totalPrice, market.currency), analyticsItems(market.currency, cart.items)));
    if (!cart.status.registrationReady) {
      navigate(identificationPath(cart.items));
      return;
    }
    if (cart.isPortability && !cart.status.portabilityReady) {
      navigate('/personas/planesV2/compania-origenV2');
      return;
    }
    setBusy(true);
    // the overlay lasts until the next page shows, or until the failure is told on this one
    const body = await whileBusy(async () => {
      const created = await createOrder(market, 'cart');
      if (created?.success) await navigate(CHECKOUT_PATHS.delivery);
      return created;
    });
    if (body?.success) return;
    // on failure the button is enabled again and the error stays shown (SPEC §4)
    setBusy(false);
    const redirect = typeof body?.redirectRUL === 'string' ? body.redirectRUL : null;
    if (redirect) {
      navigate(redirect);
      return;
    }
    setPayError(body?.response?.systemMessage?.[0]?.messages[0] ?? t('pp.error.network'));
  }

  const hasLines = cart.items.length > 0;
  return (
    <section className="page">
      <h1>{t('cart.title')}</h1>
      {data.buyer && (
        <p className="field-hint" data-testid="cart-buyer">
          {t('cart.buyer', { name: data.buyer.name, document: data.buyer.document })}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite" role="status" style={{ position: 'absolute', left: '-9999px' }}>
        {status}
      </p>
      <FormRefusalMessage refusal={refusal} />
      {stored && (
        <ErrorDialog
          items={[{ key: stored.exceptionKey, message: stored.messages[0] ?? t(stored.exceptionKey), clickToCall: stored.enableClicktoCall === true }]}
          onClose={() => setStored(null)}
          closeHref={CHECKOUT_PATHS.cart}
        />
      )}
      <div className="cart-layout">
        <div>
          {hasLines ? (
            <CartLines items={cart.items} issues={cart.issues} busy={busy} onQuantity={quantity} onRemove={remove} />
          ) : (
            <p>
              {t('cart.empty')} <a href="/lista-accesorios">{t('cart.empty.cta')}</a>
            </p>
          )}
        </div>
        <CartSummary totals={cart} pointsUsed={cart.totalPointUsed}>
          {payError && (
            <p className="form-error" role="alert">
              {payError}
            </p>
          )}
          {/* before hydration the plain form posts (with the page token) to the checkout entry, which does the same steps on the server */}
          <form
            method="post"
            action={`/checkout/flujo-compra?f__key__=${encodeURIComponent(csrfToken)}`}
            onSubmit={(e) => {
              e.preventDefault();
              void pay();
            }}
          >
            <button type="submit" className="button button-wide" disabled={!hasLines || busy}>
              {t('cart.pay')}
            </button>
          </form>
          <CallbackButton source="cart" />
        </CartSummary>
      </div>
      <Suggestions products={data.suggestions.filter((s) => !cart.items.some((i) => i.productId === s.productId))} busy={busy} onAdd={add} />
    </section>
  );
}
