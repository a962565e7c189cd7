import { useLoaderData, type MetaFunction } from 'react-router';
import { formatDateInZone } from '@andes/domain/dates';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { DataTable } from '../../ui/table-scroll.tsx';
import { messageGroups } from '../../lib/message-groups.ts';
import type { Answer } from '@andes/contract/caller';

export const handle = messageGroups('account');

export const meta: MetaFunction = ({ matches, location }) =>
  pageTitle(matches, new URLSearchParams(location.search).has('pago') ? 'account.payments.detail.title' : 'account.payments.title');

type Payment = Answer<'GET /restpp/asset/:phoneNumber/payments'>['payments'][number];

const PATH = '/personas/mientel/mis-pagos/resumen/detalle';

/** The payments summary, or one payment's detail when the address names it (`?pago=<id>`). */
export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const phone = base.line.phoneNumber;
  const id = new URL(args.request.url).searchParams.get('pago');
  if (id !== null) {
    const res = await args.context.api<'GET /restpp/asset/:phoneNumber/payments/:paymentId'>(`/restpp/asset/${phone}/payments/${encodeURIComponent(id)}`);
    return { ...base, detail: { payment: res.body.success ? res.body.payment : null }, payments: [] as Payment[], total: '' };
  }
  const res = await args.context.api<'GET /restpp/asset/:phoneNumber/payments'>(`/restpp/asset/${phone}/payments`);
  return { ...base, detail: null, payments: res.body.payments ?? [], total: res.body.total?.formatted ?? '' };
}

export default function Payments() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const date = (iso: string) => formatDateInZone(new Date(iso), market.timeZone);
  const method = (code: string) => t(`account.payments.method.${code}`);
  if (data.detail) {
    const p = data.detail.payment;
    return (
      <AccountShell title={t('account.payments.detail.title')} base={data}>
        {!p ? (
          <p role="alert" className="form-error">
            {t('account.payments.detail.notFound')}
          </p>
        ) : (
          <div className="card">
            <dl data-testid="payment-detail">
              <dt>{t('account.payments.detail.date')}</dt>
              <dd>{date(p.createdAt)}</dd>
              <dt>{t('account.payments.detail.kind')}</dt>
              <dd>{t(`account.payments.kind.${p.kind}`)}</dd>
              {p.billNumber && (
                <>
                  <dt>{t('account.payments.detail.bill')}</dt>
                  <dd>{p.billNumber}</dd>
                </>
              )}
              {p.offerName && (
                <>
                  <dt>{t('account.payments.detail.bag')}</dt>
                  <dd>{p.offerName}</dd>
                </>
              )}
              <dt>{t('account.payments.detail.method')}</dt>
              <dd>
                {method(p.method)}
                {p.cardLast4 && ` · ${t('account.payments.detail.card', { last4: p.cardLast4 })}`}
              </dd>
              <dt>{t('account.payments.detail.amount')}</dt>
              <dd>{p.amountFormatted}</dd>
              {p.reference && (
                <>
                  <dt>{t('account.payments.detail.order')}</dt>
                  <dd>{p.reference}</dd>
                </>
              )}
              {p.authorizationCode && (
                <>
                  <dt>{t('account.payments.detail.authorization')}</dt>
                  <dd>{p.authorizationCode}</dd>
                </>
              )}
            </dl>
          </div>
        )}
        <p>
          <a href={PATH}>{t('account.payments.detail.back')}</a>
        </p>
      </AccountShell>
    );
  }
  return (
    <AccountShell title={t('account.payments.title')} base={data}>
      {data.payments.length === 0 ? (
        <p>{t('account.payments.none')}</p>
      ) : (
        <>
          <p className="status" data-testid="payments-total">
            {t('account.payments.total', { amount: data.total })}
          </p>
          <DataTable
            caption={t('account.payments.caption')}
            testId="payments"
            columns={[
              t('account.payments.col.date'),
              t('account.payments.col.kind'),
              t('account.payments.col.method'),
              t('account.payments.col.amount'),
              t('account.payments.col.detail'),
            ]}
          >
            {data.payments.map((p) => (
              <tr key={p.id}>
                <td>{date(p.createdAt)}</td>
                <td>{t(`account.payments.kind.${p.kind}`)}</td>
                <td>{method(p.method)}</td>
                <td className="amount">{p.amountFormatted}</td>
                <td>
                  <a href={`${PATH}?pago=${p.id}`} aria-label={t('account.payments.see', { amount: p.amountFormatted, date: date(p.createdAt) })}>
                    {t('account.payments.col.detail')}
                  </a>
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </AccountShell>
  );
}
