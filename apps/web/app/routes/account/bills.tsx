import { useMemo } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { accountEvents } from '@andes/domain/analytics-account';
import { formatCalendarDay, formatPeriod } from '@andes/domain/dates';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { request } from '../../lib/request.ts';
import { holdBusy } from '../../lib/busy.ts';
import { loadAccount, newIdempotencyKey } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { DataTable } from '../../ui/table-scroll.tsx';
import { messageGroups } from '../../lib/message-groups.ts';
import type { Answer } from '@andes/contract/caller';

export const handle = messageGroups('account');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.bills.title');

type Charge = Bill['charges'][number];
type Bill = Answer<'GET /restpp/asset/:phoneNumber/bills'>['bills'][number];

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const phone = base.line.phoneNumber;
  const url = new URL(args.request.url);
  const order = url.searchParams.get('orden');
  let outcome: { status: string; amount: string } | null = null;
  if (url.searchParams.get('resultado') && order) {
    const res = await args.context.api<'GET /restpp/asset/:phoneNumber/topups/:buyOrder'>(`/restpp/asset/${phone}/topups/${encodeURIComponent(order)}`);
    if (res.body.success) outcome = { status: res.body.status, amount: res.body.amount.formatted };
  }
  const res = await args.context.api<'GET /restpp/asset/:phoneNumber/bills'>(`/restpp/asset/${phone}/bills`);
  return { ...base, bills: res.body.bills ?? [], nextBill: res.body.nextBill ?? null, outcome };
}

export default function Bills() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const day = (iso: string) => formatCalendarDay(iso);
  const key = useMemo(() => ({ value: newIdempotencyKey() }), []);
  async function pay(bill: Bill) {
    const release = holdBusy();
    const body = await request({
      url: `/restpp/asset/${data.line.phoneNumber}/bills/${bill.id}/pay`,
      method: 'POST',
      contentType: 'json',
      data: { idempotencyKey: key.value },
    });
    if (body?.success && body.response?.redirectRUL) {
      window.location.assign(body.response.redirectRUL);
      return;
    }
    key.value = newIdempotencyKey();
    release();
  }
  const outcome = data.outcome;
  const chargeText = (c: Charge) => t(`account.bills.charge.${c.kind}`, { name: c.name ?? '', amount: c.amountFormatted });
  return (
    <AccountShell title={t('account.bills.title')} base={data}>
      {outcome && (
        <p
          className={outcome.status === 'approved' ? 'notice-success' : 'form-error'}
          role={outcome.status === 'approved' ? 'status' : 'alert'}
          data-testid="bill-payment-result"
        >
          {outcome.status === 'approved'
            ? t('account.bills.paid', { amount: outcome.amount })
            : t(
                outcome.status === 'aborted'
                  ? 'account.bills.payAborted'
                  : outcome.status === 'duplicate'
                    ? 'account.bills.payDuplicate'
                    : 'account.bills.payRejected',
              )}
        </p>
      )}
      {data.bills.some((b) => b.status === 'cut') && (
        <p className="form-error" role="alert">
          {t('account.bills.cutWarning')}
        </p>
      )}
      {data.bills.length === 0 ? (
        <p>{t('account.bills.none')}</p>
      ) : (
        <DataTable
          caption={t('account.bills.caption')}
          testId="bills"
          columns={[
            t('account.bills.col.number'),
            t('account.bills.col.period'),
            t('account.bills.col.amount'),
            t('account.bills.col.due'),
            t('account.bills.col.status'),
            t('account.bills.col.pdf'),
          ]}
        >
          {data.bills.map((b) => (
            <tr key={b.id}>
              <th scope="row">
                {b.number}
                {b.plan.text && (
                  <span className="bill-charges" data-testid="bill-prorated">
                    {' '}
                    {b.plan.text}
                  </span>
                )}
                {b.plan.change && (
                  <span className="bill-charges" data-testid="bill-plan-change">
                    {' '}
                    {t('account.bills.planChange.title')}: {b.plan.change.from.text} · {b.plan.change.to.text}
                  </span>
                )}
                {b.charges.length > 0 && (
                  <span className="bill-charges">
                    {' '}
                    {t('account.bills.charges')}: {b.charges.map(chargeText).join(' · ')}
                  </span>
                )}
              </th>
              <td>{formatPeriod(b.period)}</td>
              <td className="amount">{b.amountFormatted}</td>
              <td>{day(b.dueAt)}</td>
              <td className={`status status-${b.status}`}>
                {t(`account.bill.status.${b.status}`)}
                {b.status !== 'paid' && (
                  <>
                    {' '}
                    <button type="button" className="button" onClick={() => pay(b)}>
                      {t('account.bills.pay', { number: b.number })}
                    </button>
                  </>
                )}
              </td>
              <td>
                <a href={b.pdfUrl} download onClick={() => track(accountEvents.billDownload(market.site))}>
                  {t('account.bills.download', { number: b.number })}
                </a>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {data.nextBill && data.line.kind !== 'prepaid' && (
        <section aria-labelledby="next-bill" data-testid="next-bill">
          <h2 id="next-bill">{t('account.bills.nextBill')}</h2>
          {data.nextBill.issuesOn && <p>{t('account.bills.nextBillOn', { date: day(data.nextBill.issuesOn) })}</p>}
          {data.nextBill.planChange && <p data-testid="next-bill-plan-change">{data.nextBill.planChange.text}</p>}
          {data.nextBill.installments.amount > 0 && (
            <p data-testid="next-bill-installments">{t('account.bills.next.installments', { amount: data.nextBill.installments.formatted })}</p>
          )}
          {data.nextBill.charges.length === 0 && data.nextBill.installmentLines.length === 0 ? (
            <p>{t('account.bills.nextBillNone')}</p>
          ) : (
            <>
              <ul>
                {data.nextBill.charges.map((c) => (
                  <li key={c.id}>{chargeText(c)}</li>
                ))}
                {data.nextBill.installmentLines.map((l) => (
                  <li key={`${l.equipmentId}-${l.number}`} data-testid="next-bill-installment">
                    {l.text}
                  </li>
                ))}
              </ul>
              <p className="status">{t('account.bills.nextBillTotal', { amount: data.nextBill.total.formatted })}</p>
            </>
          )}
        </section>
      )}
      <p>
        <a href="/personas/mientel/mis-pagos/resumen/detalle">{t('account.bills.payments')}</a>
      </p>
    </AccountShell>
  );
}
