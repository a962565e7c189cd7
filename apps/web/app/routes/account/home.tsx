import { formatCount } from '@andes/domain/money';
import { useMemo, useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { formatCalendarDay } from '@andes/domain/dates';
import { formatPhone } from '@andes/domain/documents';
import { amountToMinor } from '@andes/domain/account-balance';
import { parseAllowance, type UsageKind } from '@andes/domain/account-consumption';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { whileBusy } from '../../lib/busy.ts';
import { track } from '../../lib/analytics.ts';
import { accountEvents } from '@andes/domain/analytics-account';
import { cleanInput } from '@andes/domain/clean';
import { loadAccount, newIdempotencyKey } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { LukasForm } from '../../features/account/lukas-form.tsx';
import { FrequentNumbers } from '../../features/account/frequent-numbers.tsx';
import { CutLineNotice } from '../../features/account/cut-line-notice.tsx';
import { Field } from '../../ui/field.tsx';

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.home.title');

import type { Money } from '../../features/account/lukas-form.tsx';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('account');

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const phone = base.line.phoneNumber;
  const [plan, bills, limits, frequent] = await Promise.all([
    args.context.api<'GET /REST/asset/:phoneNumber/plan'>(`/REST/asset/${phone}/plan`),
    args.context.api<'GET /restpp/asset/:phoneNumber/bills'>(`/restpp/asset/${phone}/bills`),
    args.context.api<'GET /REST/asset/:phoneNumber/balance/transfer'>(`/REST/asset/${phone}/balance/transfer`),
    args.context.api<'GET /REST/asset/:phoneNumber/frequencyNumber'>(`/REST/asset/${phone}/frequencyNumber`),
  ]);
  return {
    ...base,
    plan: plan.body.plan,
    bills: bills.body.bills ?? [],
    limits: limits.body.limits,
    lukas: limits.body.lukas,
    frequent: frequent.body.frequentNumbers ?? [],
  };
}

export default function AccountHome() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [balance, setBalance] = useState(data.line.balance.principal.formatted);
  const [points, setPoints] = useState(data.line.balance.loyaltyPoints.amount);
  const latest = data.bills[0];
  const expiry = data.line.balance.loyaltyPoints.expiredDate;
  // the plan's own words ('ilimitada') read as the screens say unlimited elsewhere
  const allowance = (text: string, kind: UsageKind) => (parseAllowance(text, kind) === null ? t('account.unlimited') : text);
  return (
    <AccountShell title={t('account.home.title')} base={data}>
      <CutLineNotice line={data.line} message="account.home.cut" />
      <ul className="cards">
        <li className="card">
          <h2>{t('account.home.balance')}</h2>
          <p className="status" data-testid="account-balance" aria-live="polite">
            {balance}
          </p>
          <p>
            {t(`account.line.kind.${data.line.kind}`)} · {t(`account.line.status.${data.line.status}`)}
          </p>
        </li>
        <li className="card">
          <h2>{t('account.home.points')}</h2>
          <p className="status" data-testid="account-points">
            {formatCount(points, market.currency)}
          </p>
          {expiry && <p>{t('account.home.pointsExpire', { date: formatCalendarDay(expiry) })}</p>}
        </li>
        <li className="card">
          <h2>{t('account.home.plan')}</h2>
          {data.plan ? (
            <>
              <p>{data.plan.name}</p>
              <dl>
                <dt>{t('account.home.plan.data')}</dt>
                <dd>{allowance(data.plan.data, 'data')}</dd>
                <dt>{t('account.home.plan.voice')}</dt>
                <dd>{allowance(data.plan.voice, 'voice')}</dd>
                <dt>{t('account.home.plan.sms')}</dt>
                <dd>{allowance(data.plan.sms, 'sms')}</dd>
              </dl>
              <p>{t('account.home.plan.renewal', { date: formatCalendarDay(data.plan.renewalDate) })}</p>
            </>
          ) : (
            <p>{t('account.home.noPlan')}</p>
          )}
        </li>
        <li className="card">
          <h2>{t('account.home.bill')}</h2>
          {latest ? (
            <>
              <p>{t('account.home.lastBill', { amount: latest.amountFormatted, date: formatCalendarDay(latest.dueAt) })}</p>
              <p className={`status status-${latest.status}`} data-testid="bill-status">
                {t(`account.bill.status.${latest.status}`)}
              </p>
              <a href="/personas/mientel/boleta">{t('account.nav.bills')}</a>
            </>
          ) : (
            <p>{t('account.home.noBills')}</p>
          )}
        </li>
      </ul>
      <TransferForm phone={data.line.phoneNumber} limits={data.limits} onDone={setBalance} />
      <LukasForm
        phone={data.line.phoneNumber}
        lukas={data.lukas}
        points={points}
        onDone={(b, p) => {
          setBalance(b);
          setPoints(p);
        }}
      />
      <FrequentNumbers phone={data.line.phoneNumber} initial={data.frequent} />
    </AccountShell>
  );
}

function TransferForm({ phone, limits, onDone }: { phone: string; limits: { min: Money; max: Money }; onDone: (balance: string) => void }) {
  const t = useT();
  const market = useMarket();
  const key = useMemo(() => ({ value: newIdempotencyKey() }), []);
  const [target, setTarget] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const minor = amountToMinor(market, amount);
    if (!/^9\d{8}$/.test(target) || minor === null) {
      setErrors({
        ...(!/^9\d{8}$/.test(target) ? { targetPhoneNumber: ['validation.phone'] } : {}),
        ...(minor === null ? { amount: ['account.validation.amount'] } : {}),
      });
      return;
    }
    setErrors({});
    setMessage(null);
    const body = await whileBusy(() =>
      request<'POST /REST/asset/:phoneNumber/balance/transfer'>({
        url: `/REST/asset/${phone}/balance/transfer`,
        method: 'POST',
        contentType: 'json',
        data: { targetPhoneNumber: target, amount: minor, idempotencyKey: key.value },
        failurePopup: 'false',
      }),
    );
    if (body?.success) {
      const res = body;
      onDone(res.balance.formatted);
      track(accountEvents.moneyChange(market.site, 'balance_transfer', res.amount.amount));
      setMessage({
        kind: 'ok',
        text: t('account.transfer.done', { amount: res.amount.formatted, phone: formatPhone(target, market.site), balance: res.balance.formatted }),
      });
      key.value = newIdempotencyKey();
      setAmount('');
    } else {
      setMessage({ kind: 'error', text: body?.response?.systemMessage?.[0]?.messages[0] ?? t('pp.error.network') });
      if (body?.validationError) setErrors(body.validationError);
    }
  }
  return (
    <section className="card" aria-labelledby="transfer-title">
      <h2 id="transfer-title">{t('account.transfer.title')}</h2>
      <p>{t('account.transfer.intro', { min: limits.min.formatted, max: limits.max.formatted })}</p>
      <form onSubmit={submit} noValidate>
        <Field
          id="transfer-target"
          name="targetPhoneNumber"
          label={t('account.transfer.target')}
          inputMode="numeric"
          maxLength={market.phoneLength}
          value={target}
          onChange={(e) => setTarget(cleanInput('numeric', e.target.value, market))}
          error={errors.targetPhoneNumber?.[0]}
        />
        <Field
          id="transfer-amount"
          name="amount"
          label={t('account.transfer.amount')}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amount?.[0]}
        />
        <div aria-live="polite">
          {message && (
            <p
              className={message.kind === 'ok' ? 'notice-success' : 'form-error'}
              role={message.kind === 'error' ? 'alert' : 'status'}
              data-testid="transfer-result"
            >
              {message.text}
            </p>
          )}
        </div>
        <button type="submit" className="button">
          {t('account.transfer.submit')}
        </button>
      </form>
    </section>
  );
}
