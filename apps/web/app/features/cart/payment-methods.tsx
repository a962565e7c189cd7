import { formatCount } from '@andes/domain/money';
import { useMarket, useT } from '../../lib/root-data.ts';
import type { PaymentOptions } from './types.ts';
import { useMoney } from './money.ts';
import { useInstallmentText } from './payment-facts.tsx';

type Method = PaymentOptions['paymentMethods'][number];

/** The default method when this checkout allows it, else the first it allows ('' when none). */
export function firstUsable(options: PaymentOptions | null): string {
  if (!options) return '';
  const usable = options.paymentMethods.filter((m) => m.available);
  return (usable.find((m) => m.id === options.defaultPaymentMethod) ?? usable[0])?.id ?? '';
}

function hintOf(t: ReturnType<typeof useT>, m: Method, options: PaymentOptions, points: string, count: (n: number) => string): string {
  if (m.reason === 'deliveryType') return t(`checkout.payment.reason.deliveryType.${m.id}`);
  if (m.reason) return t(`checkout.payment.reason.${m.reason}`, { needed: count(options.pointsNeeded), points });
  if (m.kind === 'offline') return t(`checkout.payment.hint.${m.id}`, { hours: options.offlineExpiryHours });
  if (m.kind === 'cashCode') return t('checkout.payment.hint.cashCode', { hours: options.cashCodeExpiryHours });
  if (m.kind === 'points') return t('checkout.payment.hint.points', { needed: count(options.pointsNeeded) });
  return t('checkout.payment.hint.gateway');
}

/** Whether the chosen method is a card this checkout may pay in installments (the plans the options offer). */
export function offersInstallments(options: PaymentOptions | null, method: string): boolean {
  return !!options?.installmentPlans.length && !!options.paymentMethods.find((m) => m.id === method)?.installments;
}

/**
 * The payment method radio group (SPEC §1/§3 methods, default webPay): methods this checkout cannot
 * use stay listed, disabled, with the reason read out; points ask which line pays when there are several;
 * a card offers the installments without interest the purchase advertised (card-installments.ts).
 */
export function PaymentMethods(props: {
  options: PaymentOptions;
  method: string;
  onMethod: (id: string) => void;
  phoneNumber: string;
  onPhoneNumber: (phone: string) => void;
  total: number;
  installments: number;
  onInstallments: (count: number) => void;
}) {
  const t = useT();
  const market = useMarket();
  const count = (n: number) => formatCount(n, market.currency);
  const { options } = props;
  const linePoints = count(options.pointLines.find((l) => l.phoneNumber === props.phoneNumber)?.points ?? 0);
  return (
    <fieldset>
      <legend>{t('checkout.payment.method')}</legend>
      <ul className="payment-methods">
        {options.paymentMethods.map((m) => (
          <li key={m.id}>
            <label>
              <input
                type="radio"
                name="paymentMethod"
                value={m.id}
                checked={props.method === m.id}
                disabled={!m.available}
                aria-describedby={`pm-${m.id}-hint`}
                onChange={() => props.onMethod(m.id)}
              />{' '}
              {t(`checkout.payment.${m.id}`)}
            </label>
            <small id={`pm-${m.id}-hint`} className="hint">
              {hintOf(t, m, options, linePoints, count)}
            </small>
            {props.method === m.id && offersInstallments(options, m.id) && (
              <InstallmentsChoice plans={options.installmentPlans} total={props.total} value={props.installments} onChange={props.onInstallments} />
            )}
          </li>
        ))}
      </ul>
      {props.method === 'points' && options.pointLines.length > 1 && (
        <p className="field">
          <label htmlFor="points-line">{t('checkout.payment.pointsLine')}</label>
          <select id="points-line" value={props.phoneNumber} onChange={(e) => props.onPhoneNumber(e.target.value)}>
            {options.pointLines.map((l) => (
              <option key={l.phoneNumber} value={l.phoneNumber}>
                {t('checkout.payment.pointsLineOption', { phone: l.phoneNumber, points: count(l.points) })}
              </option>
            ))}
          </select>
        </p>
      )}
    </fieldset>
  );
}

/** The installments a card may split the total in, under the chosen card: a single payment first (the default). */
function InstallmentsChoice(props: { plans: PaymentOptions['installmentPlans']; total: number; value: number; onChange: (count: number) => void }) {
  const t = useT();
  const money = useMoney();
  const installmentText = useInstallmentText();
  return (
    <p className="field installments-choice">
      <label htmlFor="installments">{t('checkout.installments.legend')}</label>
      <select
        id="installments"
        name="installments"
        value={props.value}
        aria-describedby="installments-hint"
        onChange={(e) => props.onChange(Number(e.target.value))}
      >
        <option value={0}>{t('checkout.installments.single', { total: money(props.total) })}</option>
        {props.plans.map((plan) => (
          <option key={plan.count} value={plan.count}>
            {installmentText(plan)}
          </option>
        ))}
      </select>
      <small id="installments-hint" className="hint">
        {t('checkout.installments.hint')}
      </small>
    </p>
  );
}
