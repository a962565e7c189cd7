import { moneyActionsStopped } from '@andes/domain/line-status';
import { formatCount } from '@andes/domain/money';
import { useMemo, useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { accountEvents } from '@andes/domain/analytics-account';
import { formatDateInZone } from '@andes/domain/dates';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { whileBusy } from '../../lib/busy.ts';
import { loadAccount, newIdempotencyKey } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { CutLineNotice } from '../../features/account/cut-line-notice.tsx';
import { messageGroups } from '../../lib/message-groups.ts';
import type { Answer } from '@andes/contract/caller';

export const handle = messageGroups('account');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.bonuses.title');

type Offer = Answer<'GET /restpp/asset/:phoneNumber/bonuses'>['offers'][number];
/** A redeemed bonus as the list shows it (a new one is added before the list is read again). */
type Bonus = Pick<Answer<'GET /restpp/asset/:phoneNumber/bonuses'>['bonuses'][number], 'id' | 'offerId' | 'name' | 'expiresAt'>;

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const res = await args.context.api<'GET /restpp/asset/:phoneNumber/bonuses'>(`/restpp/asset/${base.line.phoneNumber}/bonuses`);
  return { ...base, offers: res.body.offers ?? [], bonuses: res.body.bonuses ?? [] };
}

export default function Bonuses() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [points, setPoints] = useState(data.line.balance.loyaltyPoints.amount);
  const [bonuses, setBonuses] = useState<Bonus[]>(data.bonuses);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const key = useMemo(() => ({ value: newIdempotencyKey() }), []);
  // cut for debt or blocked after a theft: the server refuses every purchase and redemption
  const lineRefused = moneyActionsStopped(data.line.status);

  async function redeem(offer: Offer) {
    const body = await whileBusy(() =>
      request<'POST /restpp/asset/:phoneNumber/bonuses'>({
        url: `/restpp/asset/${data.line.phoneNumber}/bonuses`,
        method: 'POST',
        contentType: 'json',
        data: { offerId: offer.id, idempotencyKey: key.value },
        failurePopup: 'false',
      }),
    );
    key.value = newIdempotencyKey();
    if (body?.success) {
      const done = body;
      setPoints(done.points);
      if (!done.replayed) setBonuses((list) => [{ id: done.bonusId, offerId: offer.id, name: offer.name, expiresAt: done.expiresAt }, ...list]);
      setResult({ ok: true, text: t('account.bonuses.done', { name: offer.name, points: formatCount(done.points, market.currency) }) });
      track(accountEvents.bonusRedeemed(market.site, offer.id, offer.pointsPrice));
      return;
    }
    setResult({ ok: false, text: body?.response?.systemMessage?.[0]?.messages[0] ?? t('pp.error.network') });
  }

  return (
    <AccountShell title={t('account.bonuses.title')} base={data}>
      <p className="big" data-testid="bonus-points">
        {t('account.bonuses.intro', { points: formatCount(points, market.currency) })}
      </p>
      <div aria-live="polite" data-testid="bonus-result">
        {result && <p className={result.ok ? 'notice-success' : 'form-error'}>{result.text}</p>}
      </div>
      <h2>{t('account.bonuses.active')}</h2>
      {bonuses.length === 0 ? (
        <p>{t('account.bonuses.none')}</p>
      ) : (
        <ul data-testid="active-bonuses">
          {bonuses.map((b) => (
            <li key={b.id}>
              <strong>{b.name}</strong> · {t('account.bonuses.expires', { date: formatDateInZone(new Date(b.expiresAt), market.timeZone) })}
            </li>
          ))}
        </ul>
      )}
      <h2>{t('account.bonuses.offers')}</h2>
      <CutLineNotice line={data.line} message="account.error.line.cut" />
      <ul className="cards" data-testid="bonus-offers">
        {data.offers.map((o) => (
          <li key={o.id} className="card">
            <h3>{o.name}</h3>
            <p>{o.description}</p>
            <p>
              <strong>{t('account.bonuses.price', { points: formatCount(o.pointsPrice, market.currency) })}</strong> ·{' '}
              {t('account.bonuses.validity', { days: o.validityDays })}
            </p>
            {/* no button the server would refuse: a cut or blocked line redeems nothing, and short points say how many are missing */}
            {!lineRefused &&
              (points >= o.pointsPrice ? (
                <button type="button" className="button" onClick={() => redeem(o)}>
                  {t('account.bonuses.redeem', { name: o.name })}
                </button>
              ) : (
                <p data-testid="bonus-short">{t('account.bonuses.short', { points: formatCount(o.pointsPrice - points, market.currency) })}</p>
              ))}
          </li>
        ))}
      </ul>
    </AccountShell>
  );
}
