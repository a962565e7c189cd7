import { useEffect, useState } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { insuranceEvents } from '@andes/domain/analytics-account';
import { formatDateInZone } from '@andes/domain/dates';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { DeviceNav } from '../../features/device/device-nav.tsx';
import { InsuranceOffer, LineInsurances } from '../../features/device/insurance-cards.tsx';
import { ClaimForm, CurrentClaim } from '../../features/device/insurance-claim.tsx';
import type { InsuranceOverview } from '../../features/device/insurance-api.ts';
import { dispatchIntent } from '../../lib/form-action.ts';
import { insuranceIntents } from '../../features/device/insurance-actions.server.ts';
import { FILED_QUERY } from '../../features/device/insurance-fields.ts';

export const handle = messageGroups('account', 'device', 'insurance');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'insurance.title');

/** The outcomes the gateway's return names (`?resultado=`): a card payment of the deductible. */
const CARD_RESULTS = ['approved', 'rejected', 'aborted', 'duplicate', 'unknown'] as const;

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const res = await args.context.api<'GET /restpp/asset/:phoneNumber/insurance'>(`/restpp/asset/${base.line.phoneNumber}/insurance`);
  const query = new URL(args.request.url).searchParams;
  const resultado = query.get('resultado');
  // the claim just filed without JavaScript (the action's redirect), when it is this line's open one
  const filed = res.body.current?.number === query.get(FILED_QUERY) ? (res.body.current?.number ?? null) : null;
  return { ...base, overview: res.body, cardResult: CARD_RESULTS.find((r) => r === resultado) ?? null, filed };
}

/** POST: filing a claim before JavaScript loads (decision 018). */
export async function action({ request, context }: LoaderArgs) {
  return dispatchIntent(request, insuranceIntents(context, new URL(request.url).pathname));
}

type Done = { what: 'filed' | 'checked' | 'paid'; number: string; status?: string };

/** SPEC §2 `equipo/insurance`: the line's device insurance, its coverage and events left, and a claim after a theft or damage. */
export default function InsurancePage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [overview, setOverview] = useState<InsuranceOverview>(data.overview);
  const [done, setDone] = useState<Done | null>(data.filed ? { what: 'filed', number: data.filed } : null);
  useEffect(() => {
    track(
      insuranceEvents.step(market.site, 'view', {
        insured: data.overview.insurances.length > 0,
        ...(data.overview.current ? { status: data.overview.current.status } : {}),
      }),
    );
  }, [market.site, data.overview]);
  useEffect(() => {
    if (data.cardResult) track(insuranceEvents.step(market.site, 'deductible_card_result', { result: data.cardResult }));
  }, [market.site, data.cardResult]);
  const insured = overview.insurances.length > 0;
  const notice = (() => {
    if (!done) return null;
    if (done.what === 'filed') return t('insurance.filed', { number: done.number });
    if (done.what === 'paid') return t('insurance.paid');
    return t('insurance.checked', { status: t(`insurance.status.${done.status}`) });
  })();
  return (
    <AccountShell title={t('insurance.title')} base={data}>
      <DeviceNav />
      <p>{t('insurance.intro')}</p>
      <div role="status" data-testid="insurance-result">
        {notice && <p className="notice-success">{notice}</p>}
        {!done && data.cardResult && (
          <p className={data.cardResult === 'approved' ? 'notice-success' : 'notice'} data-testid="deductible-card-result">
            {t(`insurance.deductible.result.${data.cardResult}`)}
          </p>
        )}
      </div>
      {insured ? <LineInsurances insurances={overview.insurances} /> : <InsuranceOffer offer={overview.offer} />}
      {overview.current ? (
        <CurrentClaim
          key={overview.current.number}
          overview={overview}
          claim={overview.current}
          onChange={(next, what) => {
            const number = overview.current!.number;
            const claim = next.current ?? next.history.find((c) => c.number === number);
            setOverview(next);
            setDone({ what, number, status: claim?.status });
          }}
        />
      ) : (
        insured && (
          <ClaimForm
            overview={overview}
            onDone={(next, number) => {
              setOverview(next);
              setDone({ what: 'filed', number });
            }}
          />
        )
      )}
      {overview.history.length > 0 && (
        <section aria-labelledby="insurance-history-title">
          <h2 id="insurance-history-title">{t('insurance.history')}</h2>
          <ul data-testid="claim-history">
            {overview.history.map((c) => (
              <li key={c.number}>
                {t('insurance.history.item', {
                  number: c.number,
                  kind: t(`insurance.claim.kind.${c.kind}`),
                  status: t(`insurance.status.${c.status}`),
                  when: formatDateInZone(new Date(c.updatedAt), market.timeZone),
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </AccountShell>
  );
}
