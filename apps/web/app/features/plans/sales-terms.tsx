import type { TermsLine } from '@andes/domain/sales-terms';
import { useMarket, useT } from '../../lib/root-data.ts';
import { useMoney } from '../cart/money.ts';

/** The terms text where plans are sold (SPEC §9): each line as the server gives it, amounts in the market's currency. */
export function SalesTerms({ terms, headingLevel = 2 }: { terms: readonly TermsLine[]; headingLevel?: 2 | 3 }) {
  const t = useT();
  const money = useMoney();
  const market = useMarket();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const either = (amounts: readonly number[]) =>
    amounts.length > 1
      ? t('plans.terms.either', { first: amounts.slice(0, -1).map(money).join(', '), last: money(amounts[amounts.length - 1]!) })
      : money(amounts[0] ?? 0);
  return (
    <section className="sales-terms" aria-labelledby="sales-terms-title" data-testid="sales-terms">
      <Heading id="sales-terms-title">{t('plans.terms.title')}</Heading>
      <ul>
        {terms.map((line) => (
          <li key={line.key}>
            {t(line.key, {
              document: market.document.label,
              ...line.counts,
              ...Object.fromEntries(Object.entries(line.amounts ?? {}).map(([k, v]) => [k, money(v)])),
              ...Object.fromEntries(Object.entries(line.amountLists ?? {}).map(([k, v]) => [k, either(v)])),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
