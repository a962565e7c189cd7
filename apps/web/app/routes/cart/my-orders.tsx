import { useLoaderData, type MetaFunction } from 'react-router';
import { formatDateInZone } from '@andes/domain/dates';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { DataTable } from '../../ui/table-scroll.tsx';
import { useMoney } from '../../features/cart/money.ts';
import '../../features/cart/cart.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('account', 'cart');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'orders.title');

/** Signed-in only, like every account screen (loadAccount sends anyone else to sign in). */
export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const res = await args.context.api<'GET /restpp/order/list'>('/restpp/order/list');
  return { ...base, orders: res.body.orders ?? [] };
}

/** "Mis pedidos": the customer's orders, newest first, each opening its follow-up page. */
export default function MyOrders() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const money = useMoney();
  return (
    <AccountShell title={t('orders.title')} base={data}>
      {data.orders.length === 0 ? (
        <p>{t('orders.none')}</p>
      ) : (
        <DataTable
          caption={t('orders.caption')}
          testId="orders"
          className="orders-table"
          columns={[t('orders.col.number'), t('orders.col.date'), t('orders.col.lines'), t('orders.col.total'), t('orders.col.status')]}
        >
          {data.orders.map((o) => (
            <tr key={o.number} data-testid="order-row">
              <th scope="row">
                <a href={`/checkout/confirmacion-orden?order=${encodeURIComponent(o.number)}`} aria-label={t('orders.open', { number: o.number })}>
                  {o.number}
                </a>
              </th>
              <td>{formatDateInZone(new Date(o.createdAt), market.timeZone)}</td>
              <td>{o.lines.map((l) => t('orders.line', { quantity: l.quantity, name: l.name })).join(', ')}</td>
              <td className="amount">{money(o.totalPrice)}</td>
              <td data-testid="order-row-status">{t(`order.status.${o.status}`)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </AccountShell>
  );
}
