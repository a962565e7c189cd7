import { useId, useState } from 'react';
import { installmentsEvents } from '@andes/domain/analytics-account';
import { formatMoney } from '@andes/domain/money';
import { formatCalendarDay } from '@andes/domain/dates';
import { track } from '../../lib/analytics.ts';
import { useMarket, useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { holdBusy } from '../../lib/busy.ts';
import { INTENT, handledHere, useFormAction, useFormRefusal } from '../../lib/form-action.ts';
import type { FinancedPhone } from './api.ts';

/**
 * One financed phone: what is left, its installments in order, and paying the next ones ahead by card
 * (one, several or all). The total shown is the amount sent, and the server charges only that.
 */
export function PayInstallments({ phone, equipment, firstKey }: { phone: string; equipment: FinancedPhone; firstKey: string }) {
  const t = useT();
  const market = useMarket();
  const id = useId();
  const formAction = useFormAction();
  const formRefusal = useFormRefusal();
  const posted = formRefusal?.fields.equipmentId === String(equipment.id) ? formRefusal : undefined;
  const [count, setCount] = useState(() => Math.min(equipment.left, Math.max(1, Number(posted?.fields.count ?? 1) || 1)));
  const [key] = useState(firstKey);
  const [error, setError] = useState<string | null>(posted ? (posted.error.message ?? t(posted.error.key)) : null);
  const [busy, setBusy] = useState(false);
  const each = equipment.installmentAmount.amount;
  const total = count * each;
  const money = (amount: number) => formatMoney(amount, market.currency);

  async function pay() {
    if (equipment.nextPayable === null) return;
    setBusy(true);
    setError(null);
    const release = holdBusy();
    track(installmentsEvents.step(market.site, 'payment_started', { count, value: total }));
    const body = await request<'POST /restpp/asset/:phoneNumber/installments/pay'>({
      url: `/restpp/asset/${phone}/installments/pay`,
      method: 'POST',
      contentType: 'json',
      data: { equipmentId: equipment.id, from: equipment.nextPayable, count, amount: total, idempotencyKey: key },
      failurePopup: 'false',
      failureContext: 'installments_pay',
    });
    if (body?.success && body.response?.redirectRUL) {
      window.location.assign(body.response.redirectRUL);
      return;
    }
    release();
    setBusy(false);
    const system = body?.response?.systemMessage?.[0];
    setError(Object.values(body?.validationError ?? {})[0]?.[0] ?? system?.messages[0] ?? t('pp.error.network'));
  }

  return (
    <li className="card" data-testid="installments-phone">
      <h2>{t('account.installments.phone', { brand: equipment.brand, model: equipment.model })}</h2>
      <p data-testid="installments-summary">
        {equipment.left === 0
          ? t('account.installments.paidOff')
          : t('account.installments.summary', {
              paid: equipment.paid,
              total: equipment.installments,
              left: equipment.left,
              amount: equipment.amountLeft.formatted,
            })}
      </p>
      <progress
        max={equipment.installments}
        value={equipment.paid}
        aria-label={t('account.installments.summary', {
          paid: equipment.paid,
          total: equipment.installments,
          left: equipment.left,
          amount: equipment.amountLeft.formatted,
        })}
      />
      {equipment.left > 0 && (
        <>
          <h3 id={`${id}-list`}>{t('account.installments.list')}</h3>
          <ol aria-labelledby={`${id}-list`} data-testid="installments-outstanding">
            {equipment.outstanding.map((i, n) => (
              <li key={i.number} data-selected={n < count || undefined}>
                {t('account.installments.item', { number: i.number, amount: i.amount.formatted, date: formatCalendarDay(i.dueOn) })}
              </li>
            ))}
          </ol>
          <form method="post" action={formAction} onSubmit={handledHere(pay)}>
            <input type="hidden" name={INTENT} value="pay" />
            <input type="hidden" name="line" value={phone} />
            <input type="hidden" name="equipmentId" value={equipment.id} />
            <input type="hidden" name="from" value={equipment.nextPayable ?? ''} />
            <input type="hidden" name="installmentAmount" value={each} />
            <input type="hidden" name="idempotencyKey" value={key} />
            <label htmlFor={`${id}-count`}>{t('account.installments.count')}</label>
            <select
              id={`${id}-count`}
              name="count"
              value={count}
              onChange={(e) => {
                const n = Number(e.target.value);
                setCount(n);
                track(installmentsEvents.step(market.site, 'selected', { count: n, all: n === equipment.left }));
              }}
            >
              {Array.from({ length: equipment.left }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n === equipment.left && n > 1
                    ? t('account.installments.count.all', { count: n, amount: money(n * each) })
                    : t('account.installments.count.option', { count: n, amount: money(n * each) })}
                </option>
              ))}
            </select>
            <p aria-live="polite" data-testid="installments-total">
              <strong>{t('account.installments.total', { amount: money(total) })}</strong>
            </p>
            {error && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
              {busy ? t('account.installments.redirecting') : t('account.installments.pay', { amount: money(total) })}
            </button>
          </form>
        </>
      )}
    </li>
  );
}
