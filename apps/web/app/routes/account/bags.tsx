import { moneyActionsStopped } from '@andes/domain/line-status';
import { formatCount, formatTenths } from '@andes/domain/money';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { accountEvents } from '@andes/domain/analytics-account';
import { bagPaymentAllowed, type BagPayment } from '@andes/domain/account-bags';
import { dataInUnit, dataUnitFor } from '@andes/domain/account-consumption';
import { constants } from '@andes/domain/market';
import { formatDateInZone } from '@andes/domain/dates';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { holdBusy } from '../../lib/busy.ts';
import { track } from '../../lib/analytics.ts';
import { loadAccount, newIdempotencyKey } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { CutLineNotice } from '../../features/account/cut-line-notice.tsx';
import { BagConfirm } from '../../features/account/bag-confirm.tsx';
import { messageGroups } from '../../lib/message-groups.ts';
import { dispatchIntent, handledHere, INTENT, useFormAction, useFormRefusal } from '../../lib/form-action.ts';
import { bagIntents, bagPageState } from '../../features/account/bag-actions.server.ts';
import type { Answer } from '@andes/contract/caller';

export const handle = messageGroups('account');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.bags.title');

type Offer = Answer<'GET /restpp/asset/bags/offers'>['offers'][number];
type LineBag = Bags['bags'][number];
/** A payment that charges at once, so the page asks first (a card goes to the gateway, which asks itself). */
type ChargedNow = Exclude<BagPayment, 'card'>;
type Purchase = NonNullable<Awaited<ReturnType<typeof request<'POST /REST/asset/:phoneNumber/bag'>>>>;
/** A purchase paid now answers the bag; only a card payment answers a gateway order. */
const paidNow = (body: Purchase): body is Purchase & Extract<Answer<'POST /REST/asset/:phoneNumber/bag'>, { bagId: number }> => 'bagId' in body;
type Bags = Answer<'GET /REST/asset/:phoneNumber/bag'>;

const MODES = { inmediatas: 'immediate', recurrentes: 'recurring', viajero: 'traveller' } as const;

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const segment = new URL(args.request.url).pathname.split('/').pop() ?? '';
  const mine = segment === 'mis-bolsas';
  const redeem = segment === 'canje-bolsas';
  const mode = redeem ? 'immediate' : MODES[segment as keyof typeof MODES];
  const url = new URL(args.request.url);
  const order = url.searchParams.get('orden');
  const [offers, bags, paid] = await Promise.all([
    mine ? null : args.context.api<'GET /restpp/asset/bags/offers'>(`/restpp/asset/bags/offers${mode ? `?mode=${mode}` : ''}`),
    args.context.api<'GET /REST/asset/:phoneNumber/bag'>(`/REST/asset/${base.line.phoneNumber}/bag`),
    // back from the gateway: what happened to this card payment, as the server recorded it
    url.searchParams.get('resultado') && order
      ? args.context.api<'GET /restpp/asset/:phoneNumber/topups/:buyOrder'>(`/restpp/asset/${base.line.phoneNumber}/topups/${encodeURIComponent(order)}`)
      : null,
  ]);
  const list = (offers?.body.offers ?? []).filter((o) => !redeem || o.pointsPrice !== null);
  const cardOutcome = paid?.body.success && paid.body.purpose === 'bag' ? { status: paid.body.status, offerId: paid.body.offerId } : null;
  const asked = bagPageState(
    url,
    list.map((o) => o.id),
  );
  return {
    ...base,
    mine,
    redeem,
    mode: redeem ? null : (mode ?? null),
    offers: list,
    bags: bags.body.bags ?? [],
    suspended: bags.body.suspended ?? [],
    cardOutcome,
    ...asked,
  };
}

/** POST: an offer's payment buttons and the question's 'Sí, comprar' without JavaScript. */
export async function action({ request, context }: LoaderArgs) {
  return dispatchIntent(request, bagIntents(context, new URL(request.url).pathname));
}

export default function Bags() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [bags, setBags] = useState(data.bags);
  const [balance, setBalance] = useState(data.line.balance.principal.formatted);
  const [points, setPoints] = useState(data.line.balance.loyaltyPoints.amount);
  // cut for debt or blocked after a theft: the server refuses every purchase and redemption
  const lineRefused = moneyActionsStopped(data.line.status);
  const [suspended, setSuspended] = useState(data.suspended);
  const date = (iso: string) => formatDateInZone(new Date(iso), market.timeZone);
  const formAction = useFormAction();
  // a purchase refused without JavaScript: a card's at the page's message, a confirmed one in its question
  const formRefusal = useFormRefusal();
  const refusedText = formRefusal ? (formRefusal.error.message ?? t(formRefusal.error.key)) : null;
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(() => {
    if (refusedText && formRefusal?.fields[INTENT] !== 'buy') return { kind: 'error', text: refusedText };
    const outcome = data.cardOutcome;
    if (!outcome) return null;
    if (outcome.status !== 'approved')
      return { kind: 'error', text: t(outcome.status === 'aborted' ? 'account.bags.cardAborted' : 'account.bags.cardRejected') };
    const name = data.offers.find((o) => o.id === outcome.offerId)?.name ?? '';
    return { kind: 'ok', text: t('account.bags.cardApproved', { name }) };
  });
  // the loader's key: the question asked by the page's address posts the same one the server rendered
  const key = useMemo(() => ({ value: data.idempotencyKey }), [data.idempotencyKey]);
  const phone = data.line.phoneNumber;
  const offerOf = (id: string | undefined) => data.offers.find((o) => o.id === id);
  const [confirming, setConfirming] = useState<{ offer: Offer; payment: ChargedNow } | null>(() => {
    const asked =
      formRefusal?.fields[INTENT] === 'buy' ? { offerId: formRefusal.fields.offerId, payment: formRefusal.fields.payment as ChargedNow } : data.confirm;
    const offer = offerOf(asked?.offerId);
    return asked && offer ? { offer, payment: asked.payment } : null;
  });
  // a purchase's outcome shows by the offer bought, where the customer is, and takes the focus
  const [bought, setBought] = useState<{ offerId: string; text: string } | null>(() => {
    const done = data.done;
    const offer = offerOf(done?.offerId);
    return done && offer
      ? { offerId: offer.id, text: t(`account.bags.${done.outcome}`, { name: offer.name, balance: data.line.balance.principal.formatted }) }
      : null;
  });
  const boughtRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (bought) boughtRef.current?.focus();
  }, [bought]);

  async function reloadBags() {
    const body = await request<'GET /REST/asset/:phoneNumber/bag'>({ url: `/REST/asset/${phone}/bag` });
    if (!body?.success) return;
    const res = body;
    setBags(res.bags);
    setSuspended(res.suspended);
  }

  const postPurchase = (offer: Offer, payment: BagPayment) =>
    request<'POST /REST/asset/:phoneNumber/bag'>({
      url: `/REST/asset/${phone}/bag`,
      method: 'POST',
      contentType: 'json',
      data: { offerId: offer.id, payment, idempotencyKey: key.value },
      failurePopup: 'false',
    });
  const refusal = (body: Awaited<ReturnType<typeof postPurchase>>) => body?.response?.systemMessage?.[0]?.messages[0] ?? t('pp.error.network');

  /** A card payment: the browser leaves for the gateway's page, which shows the amount and asks. */
  async function payByCard(offer: Offer) {
    setMessage(null);
    setBought(null);
    const release = holdBusy();
    const body = await postPurchase(offer, 'card');
    if (body?.success && body.response?.redirectRUL) {
      track(accountEvents.moneyChange(market.site, 'bag_purchase', offer.price, { offer_id: offer.id, payment: 'card', step: 'gateway' }));
      window.location.assign(body.response.redirectRUL);
      return;
    }
    key.value = newIdempotencyKey();
    release();
    setMessage({ kind: 'error', text: refusal(body) });
  }

  function ask(offer: Offer, payment: ChargedNow) {
    setMessage(null);
    setBought(null);
    // one key per dialog: a double click on its button buys once, a second dialog is a second purchase
    key.value = newIdempotencyKey();
    setConfirming({ offer, payment });
  }

  /** The confirmed purchase, once per dialog's key: answers the refusal for the dialog, or null when bought. */
  async function buy(offer: Offer, payment: ChargedNow): Promise<string | null> {
    const body = await postPurchase(offer, payment);
    if (!body?.success || !paidNow(body)) return refusal(body);
    const res = body;
    setBalance(res.balance.formatted);
    setPoints(res.points);
    track(
      accountEvents.moneyChange(market.site, 'bag_purchase', payment === 'points' ? (offer.pointsPrice ?? 0) : offer.price, { offer_id: offer.id, payment }),
    );
    const done = res.mode === 'recurring' ? 'account.bags.subscribed' : payment === 'bill' ? 'account.bags.onBill' : 'account.bags.bought';
    setConfirming(null);
    setBought({ offerId: offer.id, text: t(done, { name: res.name, balance: res.balance.formatted }) });
    await reloadBags();
    return null;
  }

  async function cancel(bag: LineBag) {
    setBought(null);
    const release = holdBusy();
    const body = await request({ url: `/REST/asset/${phone}/bag/${bag.id}`, method: 'DELETE', failurePopup: 'false' });
    if (body?.success) {
      setMessage({ kind: 'ok', text: t('account.bags.cancelledUntil', { name: bag.name, date: date(bag.expiresAt) }) });
      await reloadBags();
    } else setMessage({ kind: 'error', text: body?.response?.systemMessage?.[0]?.messages[0] ?? t('pp.error.network') });
    release();
  }

  const left = (mb: number | null) =>
    mb === null
      ? t('account.unlimited')
      : dataUnitFor([mb]) === 'GB'
        ? t('account.consumption.unit.dataGb', { value: formatTenths(dataInUnit(mb, 'GB'), market.currency) })
        : t('account.consumption.unit.data', { value: formatCount(mb, market.currency) });
  const can = (o: Offer, payment: BagPayment) => bagPaymentAllowed(o, data.line.kind, payment);
  return (
    <AccountShell title={t(data.mine ? 'account.bags.mine' : 'account.bags.title')} base={data}>
      <p>
        {t('account.home.balance')}: <strong data-testid="bags-balance">{balance}</strong> · {t('account.home.points', {})}:{' '}
        <strong>{formatCount(points, market.currency)}</strong>
      </p>
      <div aria-live="polite">
        {message && (
          <p className={message.kind === 'ok' ? 'notice-success' : 'form-error'} role={message.kind === 'error' ? 'alert' : 'status'} data-testid="bags-result">
            {message.text}
          </p>
        )}
      </div>
      <section aria-labelledby="my-bags">
        <h2 id="my-bags">{t('account.bags.mine')}</h2>
        {bags.length === 0 ? (
          <p>{t('account.bags.none')}</p>
        ) : (
          <ul className="cards" data-testid="active-bags">
            {bags.map((b) => (
              <li key={b.id} className="card">
                <h3>{b.name}</h3>
                <p>{t('account.bags.left', { left: left(b.dataMbLeft) })}</p>
                <p>
                  {b.recurring
                    ? t('account.bags.renewsWith', { date: date(b.expiresAt), payment: t(`account.bags.renewal.${b.payment ?? 'balance'}`) })
                    : t('account.bags.expires', { date: date(b.expiresAt) })}
                </p>
                {b.recurring && (
                  <button type="button" className="button button-ghost" onClick={() => cancel(b)}>
                    {t('account.bags.cancel', { name: b.name })}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {suspended.length > 0 && (
          <>
            <h3>{t('account.bags.suspendedTitle')}</h3>
            <ul data-testid="suspended-bags">
              {suspended.map((b) => (
                <li key={b.id} className="form-error">
                  {t(b.reason === 'cut' ? 'account.bags.suspendedCut' : 'account.bags.suspended', { name: b.name, date: date(b.expiresAt) })}
                </li>
              ))}
            </ul>
          </>
        )}
        {data.mine && (
          <p>
            <a className="button" href="/personas/mientel/bolsas">
              {t('account.bags.seeOffers')}
            </a>
          </p>
        )}
      </section>
      {!data.mine && (
        <>
          <nav aria-label={t('account.bags.title')}>
            <ul className="tabs">
              {(
                [
                  ['/personas/mientel/bolsas', 'all', null],
                  ['/personas/mientel/bolsas/inmediatas', 'immediate', 'immediate'],
                  ['/personas/mientel/bolsas/recurrentes', 'recurring', 'recurring'],
                  ['/personas/mientel/bolsas/viajero', 'traveller', 'traveller'],
                ] as const
              ).map(([href, label, mode]) => (
                <li key={href}>
                  <a href={href} aria-current={data.mode === mode ? 'page' : undefined}>
                    {t(`account.bags.mode.${label}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <CutLineNotice line={data.line} message="account.error.line.cut" />
          {constants.bagTypes.map((type) => {
            const list = data.offers.filter((o) => o.bagType === type);
            if (!list.length) return null;
            return (
              <section key={type} aria-labelledby={`type-${type}`}>
                <h2 id={`type-${type}`}>{t(`account.bags.type.${type}`)}</h2>
                <ul className="cards">
                  {list.map((o) => (
                    <li key={o.id} className="card" data-testid={`offer-${o.id}`}>
                      <h3>{o.name}</h3>
                      <p className="status">{o.priceFormatted}</p>
                      {o.pointsPrice !== null && o.mode !== 'recurring' && (
                        <p>{t('account.bags.points', { points: formatCount(o.pointsPrice, market.currency) })}</p>
                      )}
                      <p>{o.validityDays === 1 ? t('account.bags.validityOne') : t('account.bags.validity', { days: o.validityDays })}</p>
                      {o.zone && <p>{t('account.bags.zone', { zone: o.zone })}</p>}
                      {/* a line cut for debt or blocked buys nothing (the server refuses it too): the offers stay to read */}
                      {!lineRefused && (
                        // posts to the page's action before JavaScript runs (the payment is the button's value)
                        <form method="post" action={formAction} className="actions">
                          <input type="hidden" name={INTENT} value="choose" />
                          <input type="hidden" name="offerId" value={o.id} />
                          <input type="hidden" name="line" value={phone} />
                          {!data.redeem && (
                            <button
                              type="submit"
                              className="button"
                              aria-label={`${t(o.mode === 'recurring' ? 'account.bags.subscribe' : 'account.bags.buyBalance')}: ${o.name}`}
                              name="payment"
                              value="balance"
                              onClick={handledHere(() => ask(o, 'balance'))}
                            >
                              {t(o.mode === 'recurring' ? 'account.bags.subscribe' : 'account.bags.buyBalance')}
                            </button>
                          )}
                          {can(o, 'points') && points >= (o.pointsPrice ?? 0) && (
                            <button
                              type="submit"
                              className="button button-ghost"
                              aria-label={`${t('account.bags.buyPoints')}: ${o.name}`}
                              name="payment"
                              value="points"
                              onClick={handledHere(() => ask(o, 'points'))}
                            >
                              {t('account.bags.buyPoints')}
                            </button>
                          )}
                          {can(o, 'card') && !data.redeem && (
                            <button
                              type="submit"
                              className="button button-ghost"
                              aria-label={`${t('account.bags.buyCard')}: ${o.name}`}
                              name="payment"
                              value="card"
                              onClick={handledHere(() => payByCard(o))}
                            >
                              {t('account.bags.buyCard')}
                            </button>
                          )}
                          {can(o, 'bill') && !data.redeem && (
                            <button
                              type="submit"
                              className="button button-ghost"
                              aria-label={`${t('account.bags.buyBill')}: ${o.name}`}
                              name="payment"
                              value="bill"
                              onClick={handledHere(() => ask(o, 'bill'))}
                            >
                              {t('account.bags.buyBill')}
                            </button>
                          )}
                        </form>
                      )}
                      {bought?.offerId === o.id && (
                        <p className="notice-success" role="status" tabIndex={-1} ref={boughtRef} data-testid="bags-result">
                          {bought.text}
                        </p>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </>
      )}
      {confirming && (
        <BagConfirm
          offer={confirming.offer}
          payment={confirming.payment}
          balance={balance}
          points={points}
          post={{ action: formAction, line: phone, idempotencyKey: key.value }}
          refused={formRefusal?.fields[INTENT] === 'buy' ? refusedText : null}
          onConfirm={() => buy(confirming.offer, confirming.payment)}
          onClose={() => setConfirming(null)}
        />
      )}
    </AccountShell>
  );
}
