import { formatCount } from '@andes/domain/money';
import { useMemo, useState } from 'react';
import { accountEvents } from '@andes/domain/analytics-account';
import { cleanInput } from '@andes/domain/clean';
import { useMarket, useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { whileBusy } from '../../lib/busy.ts';
import { track } from '../../lib/analytics.ts';
import { Field } from '../../ui/field.tsx';
import { newIdempotencyKey } from './account-data.ts';
import type { Money } from '@andes/contract/answers';

export type { Money };

/** Points top-up ("lukas"): whole blocks of points become balance; used by home, recargas/puntos and canje-recarga. */
export function LukasForm({
  phone,
  lukas,
  points,
  onDone,
}: {
  phone: string;
  lukas: { points: number; amount: Money };
  points: number;
  onDone: (balance: string, points: number) => void;
}) {
  const t = useT();
  const market = useMarket();
  const key = useMemo(() => ({ value: newIdempotencyKey() }), []);
  const [blocks, setBlocks] = useState('1');
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setMessage(null);
    const body = await whileBusy(() =>
      request<'POST /REST/asset/:phoneNumber/balance/lukas'>({
        url: `/REST/asset/${phone}/balance/lukas`,
        method: 'POST',
        contentType: 'json',
        data: { blocks: Number(blocks), idempotencyKey: key.value },
        failurePopup: 'false',
      }),
    );
    if (body?.success) {
      const res = body;
      onDone(res.balance.formatted, res.points);
      track(accountEvents.moneyChange(market.site, 'points_topup', res.redeemedPoints));
      setMessage({
        kind: 'ok',
        text: t('account.lukas.done', {
          points: formatCount(res.redeemedPoints, market.currency),
          amount: res.amount.formatted,
          balance: res.balance.formatted,
        }),
      });
      key.value = newIdempotencyKey();
    } else {
      setMessage({ kind: 'error', text: body?.response?.systemMessage?.[0]?.messages[0] ?? t('pp.error.network') });
    }
  }
  return (
    <section className="card" aria-labelledby="lukas-title">
      <h2 id="lukas-title">{t('account.lukas.title')}</h2>
      <p>{t('account.lukas.intro', { points: formatCount(lukas.points, market.currency), amount: lukas.amount.formatted })}</p>
      {points < lukas.points ? (
        // too few points for one block: say so rather than leave the page without its form
        <p data-testid="lukas-short">
          {t('account.lukas.short', { points: formatCount(points, market.currency), min: formatCount(lukas.points, market.currency) })}
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          <Field
            id="lukas-blocks"
            name="blocks"
            type="number"
            min={1}
            max={20}
            label={t('account.lukas.blocks')}
            value={blocks}
            onChange={(e) => setBlocks(cleanInput('numeric', e.target.value, market))}
          />
          <button type="submit" className="button button-ghost">
            {t('account.lukas.submit')}
          </button>
        </form>
      )}
      {/* outside the form: a redemption that leaves too few points for another still shows its result */}
      <div aria-live="polite">
        {message && (
          <p className={message.kind === 'ok' ? 'notice-success' : 'form-error'} role={message.kind === 'error' ? 'alert' : 'status'}>
            {message.text}
          </p>
        )}
      </div>
    </section>
  );
}
