import { lineAmounts, type AmountLine } from '@andes/domain/line-amounts';
import { useT } from '../../lib/root-data.ts';
import { useMoney } from './money.ts';

/** A cart or order line's name as its lists show it: quantity and name, and the colour when it has one. */
export function LineName({ line }: { line: { quantity: number; name: string; color?: string | null } }) {
  const t = useT();
  return (
    <>
      {line.color
        ? t('order.lineColor', { quantity: line.quantity, name: line.name, color: line.color })
        : t('order.line', { quantity: line.quantity, name: line.name })}
    </>
  );
}

/**
 * Every amount of a line with what it is (domain line-amounts.ts): a plan line's SIM chip today and its
 * plan by the month with its promotion's months; a phone's unit price and total.
 */
export function LineAmounts({ line }: { line: AmountLine }) {
  const t = useT();
  const money = useMoney();
  return (
    <ul className="line-amounts" data-testid="line-amounts">
      {lineAmounts(line).map((a) => (
        <li key={a.key}>{t(a.key, { ...Object.fromEntries(Object.entries(a.amounts).map(([k, v]) => [k, money(v)])), ...a.counts })}</li>
      ))}
    </ul>
  );
}
