import { useEffect } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { events } from '@andes/domain/analytics';
import { installmentsEvents } from '@andes/domain/analytics-account';
import { formatDateInZone } from '@andes/domain/dates';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { loadAccount, newIdempotencyKey } from '../../features/account/account-data.ts';
import { dispatchIntent } from '../../lib/form-action.ts';
import { installmentsIntents } from '../../features/installments/installments-actions.server.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { PayInstallments } from '../../features/installments/pay-installments.tsx';
import { RESULTS, type InstallmentsView } from '../../features/installments/api.ts';

export const handle = messageGroups('account');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.installments.title');

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const phone = base.line.phoneNumber;
  const url = new URL(args.request.url);
  const resultado = url.searchParams.get('resultado');
  const result = RESULTS.find((r) => r === resultado) ?? null;
  const res = await args.context.api<'GET /restpp/asset/:phoneNumber/installments'>(`/restpp/asset/${phone}/installments`);
  return { ...base, view: res.body.success ? (res.body as InstallmentsView) : null, result, key: newIdempotencyKey() };
}

/** POST: paying installments ahead before JavaScript loads (to the gateway). */
export async function action({ request, context }: LoaderArgs) {
  return dispatchIntent(request, installmentsIntents(context));
}

/** SPEC §2 `equipo/quotas-pagar`: the installments left of the line's financed phone, paid ahead by card (docs/decisions/027). */
export default function InstallmentsPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const { view, result } = data;
  useEffect(() => {
    if (view) track(installmentsEvents.step(market.site, 'view', { phones: view.equipment.length }));
    else track(events.failure(market.site, 'account.installments.error.load', 'installments_view'));
    if (result) track(installmentsEvents.step(market.site, result === 'approved' ? 'paid' : 'not_paid', { result }));
  }, [market.site, view, result]);
  const financed = view?.equipment ?? [];
  return (
    <AccountShell title={t('account.installments.title')} base={data}>
      <div role={result && result !== 'approved' ? 'alert' : 'status'} data-testid="installments-result">
        {result && <p className={result === 'approved' ? 'notice-success' : 'form-error'}>{t(`account.installments.result.${result}`)}</p>}
      </div>
      {!view ? (
        <p className="form-error" role="alert" data-testid="installments-error">
          {t('account.installments.error.load')} <a href="/personas/mientel/equipo/quotas-pagar">{t('account.installments.title')}</a>
        </p>
      ) : financed.length === 0 ? (
        <p>{t('account.installments.none')}</p>
      ) : (
        <>
          <p>{t('account.installments.intro')}</p>
          <ul className="cards">
            {financed.map((e) => (
              <PayInstallments key={e.id} phone={view.phoneNumber} equipment={e} firstKey={`${data.key}-${e.id}`} />
            ))}
          </ul>
          {view.payments.length > 0 && (
            <section aria-labelledby="installments-history-title">
              <h2 id="installments-history-title">{t('account.installments.history')}</h2>
              <ul data-testid="installments-history">
                {view.payments.map((p) => {
                  const phone = financed.find((e) => e.id === p.equipmentId);
                  return (
                    <li key={p.buyOrder}>
                      {t('account.installments.history.item', {
                        phone: phone ? `${phone.brand} ${phone.model}` : '',
                        count: p.count,
                        from: p.from,
                        amount: p.amount.formatted,
                      })}
                      {p.paidAt ? ` · ${formatDateInZone(new Date(p.paidAt), market.timeZone)}` : ''}
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
        </>
      )}
    </AccountShell>
  );
}
