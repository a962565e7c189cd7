import { useState } from 'react';
import { useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { pageTitle, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { useMoney } from '../../features/cart/money.ts';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('cart');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'checkout.noStock.title');

export async function loader({ context }: LoaderArgs) {
  const res = await context.api<'GET /restpp/order/v2/info'>('/restpp/order/v2/info');
  return { issues: res.body.issues ?? [], items: res.body.items ?? [] };
}

/** The checkout re-check: every changed price and missing stock, shown before anything is charged. */
export default function NoStock() {
  const { issues, items } = useLoaderData<typeof loader>();
  const t = useT();
  const money = useMoney();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const name = (id: string) => items.find((i) => i.id === id)?.name ?? id;
  async function accept() {
    setBusy(true);
    const body = await request({ url: '/restpp/order/cart/accept', method: 'POST' });
    setBusy(false);
    if (body?.success) navigate('/carrito-compra');
  }
  return (
    <section className="page narrow">
      <h1>{t('checkout.noStock.title')}</h1>
      {issues.length === 0 ? (
        <p>{t('checkout.noStock.none')}</p>
      ) : (
        <ul data-testid="issues">
          {issues.map((i) => (
            <li key={`${i.itemId}-${i.kind}`}>
              {i.kind === 'price'
                ? t('checkout.noStock.price', { name: name(i.itemId), before: money(i.shownPrice), now: money(i.currentPrice) })
                : t('checkout.noStock.stock', { name: name(i.itemId), stock: i.stock, quantity: i.quantity })}
            </li>
          ))}
        </ul>
      )}
      {issues.some((i) => i.kind === 'price') && (
        <button type="button" className="button" disabled={busy} onClick={accept}>
          {t('checkout.noStock.accept')}
        </button>
      )}{' '}
      <a className="button button-ghost" href="/carrito-compra">
        {t('checkout.noStock.back')}
      </a>
    </section>
  );
}
