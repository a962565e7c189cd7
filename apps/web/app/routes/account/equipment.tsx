import { useLoaderData, type MetaFunction } from 'react-router';
import { formatCalendarDay, formatDateInZone } from '@andes/domain/dates';
import { formatMoney } from '@andes/domain/money';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { loadAccount } from '../../features/account/account-data.ts';
import { AccountShell } from '../../features/account/account-shell.tsx';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('account');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'account.equipment.title');

export async function loader(args: LoaderArgs) {
  const base = await loadAccount(args);
  const res = await args.context.api<'GET /REST/asset/:phoneNumber/equipment'>(`/REST/asset/${base.line.phoneNumber}/equipment`);
  return { ...base, equipment: res.body.equipment ?? [] };
}

export default function EquipmentPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const money = (n: number) => formatMoney(n, market.currency);
  return (
    <AccountShell title={t('account.equipment.title')} base={data}>
      {data.equipment.length === 0 ? (
        <p>{t('account.equipment.none')}</p>
      ) : (
        <ul className="cards" data-testid="equipment">
          {data.equipment.map((e) => (
            <li key={e.id} className="card">
              <h2>
                {e.brand} {e.model}
              </h2>
              <p>{e.imei ? t('account.equipment.imei', { imei: e.imei }) : t('account.equipment.imeiPending')}</p>
              <p>{t('account.equipment.purchased', { date: formatDateInZone(new Date(e.purchasedAt), market.timeZone) })}</p>
              <p>{t('account.equipment.price', { price: e.price.formatted })}</p>
              <p>{t('account.equipment.installment', { amount: e.installmentAmount.formatted })}</p>
              <p>{t('account.equipment.firstInstallment', { date: formatCalendarDay(e.firstInstallmentAt) })}</p>
              {e.rentalType.endsWith('Blue') && <p data-testid="equipment-blue">{t('account.equipment.blueInsurance', { price: money(0) })}</p>}
              <label>
                {t('account.equipment.progress', { paid: e.installmentsPaid, total: e.installments })}{' '}
                <progress max={e.installments} value={e.installmentsPaid} />
              </label>
              <p data-testid="installments-left">
                <strong>
                  {e.paidOff ? t('account.equipment.paidOff') : t('account.equipment.left', { left: e.installmentsLeft, amount: e.amountLeft.formatted })}
                </strong>
              </p>
            </li>
          ))}
        </ul>
      )}
    </AccountShell>
  );
}
