import { useMemo, useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { accountEvents } from '@andes/domain/analytics-account';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { holdBusy } from '../../lib/busy.ts';
import { track } from '../../lib/analytics.ts';
import { loadAccount, newIdempotencyKey } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { LukasForm } from '../../features/account/lukas-form.tsx';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('account');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.topup.title');

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const url = new URL(args.request.url);
  const points = url.pathname.endsWith('/puntos') || url.pathname.endsWith('/canje-recarga');
  const phone = base.line.phoneNumber;
  const [amounts, limits] = await Promise.all([
    args.context.api<'GET /restpp/asset/:phoneNumber/topups'>(`/restpp/asset/${phone}/topups`),
    args.context.api<'GET /REST/asset/:phoneNumber/balance/transfer'>(`/REST/asset/${phone}/balance/transfer`),
  ]);
  const result = url.searchParams.get('resultado');
  const order = url.searchParams.get('orden');
  let outcome: { result: string; amount: string | null } | null = null;
  if (result && ['approved', 'rejected', 'aborted'].includes(result)) {
    const status = order
      ? await args.context.api<'GET /restpp/asset/:phoneNumber/topups/:buyOrder'>(`/restpp/asset/${phone}/topups/${encodeURIComponent(order)}`)
      : null;
    const amount = status?.body.success ? status.body.amount.formatted : null;
    outcome = { result: status?.body.success ? (status.body.status === 'approved' ? 'approved' : status.body.status) : result, amount };
  }
  return { ...base, points, amounts: amounts.body.amounts ?? [], lukas: limits.body.lukas, outcome };
}

export default function Topups() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const key = useMemo(() => ({ value: newIdempotencyKey() }), []);
  const [amount, setAmount] = useState<number | null>(data.amounts[0]?.amount ?? null);
  const [balance, setBalance] = useState(data.line.balance.principal.formatted);
  const [points, setPoints] = useState(data.line.balance.loyaltyPoints.amount);
  const tabs = [
    ['/personas/mientel/recargas', 'account.topup.card', false],
    ['/personas/mientel/recargas/puntos', 'account.topup.points', true],
  ] as const;

  async function pay(e: React.FormEvent) {
    e.preventDefault();
    if (amount === null) return;
    const release = holdBusy();
    const body = await request({
      url: `/restpp/asset/${data.line.phoneNumber}/topups`,
      method: 'POST',
      contentType: 'json',
      data: { amount, idempotencyKey: key.value },
    });
    if (body?.success && body.response?.redirectRUL) {
      track(accountEvents.moneyChange(market.site, 'topup', amount, { step: 'gateway' }));
      window.location.assign(body.response.redirectRUL);
      return;
    }
    release();
  }

  return (
    <AccountShell title={t('account.topup.title')} base={data}>
      <p>
        {t('account.home.balance')}: <strong data-testid="topup-balance">{balance}</strong>
      </p>
      {data.outcome && (
        <p
          className={data.outcome.result === 'approved' ? 'notice-success' : 'form-error'}
          role={data.outcome.result === 'approved' ? 'status' : 'alert'}
          data-testid="topup-result"
        >
          {data.outcome.result === 'approved'
            ? t('account.topup.approved', { amount: data.outcome.amount ?? '', balance })
            : t(data.outcome.result === 'aborted' ? 'account.topup.aborted' : 'account.topup.rejected')}
        </p>
      )}
      <nav aria-label={t('account.topup.title')}>
        <ul className="tabs">
          {tabs.map(([href, label, isPoints]) => (
            <li key={href}>
              <a href={href} aria-current={data.points === isPoints ? 'page' : undefined}>
                {t(label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {data.points ? (
        <LukasForm
          phone={data.line.phoneNumber}
          lukas={data.lukas}
          points={points}
          onDone={(b, p) => {
            setBalance(b);
            setPoints(p);
          }}
        />
      ) : (
        <form onSubmit={pay} className="card">
          <fieldset>
            <legend>{t('account.topup.amount')}</legend>
            {data.amounts.map((a) => (
              <label key={a.amount} className="actions">
                <input type="radio" name="amount" value={a.amount} checked={amount === a.amount} onChange={() => setAmount(a.amount)} /> {a.formatted}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button">
            {t('account.topup.pay')}
          </button>
        </form>
      )}
    </AccountShell>
  );
}
