import { renewalTextParams } from '@andes/domain/renewal';
import { useMarket, useT } from '../../lib/root-data.ts';

/** "Renovación para la línea 9 1234 5678": the customer's line a renewed phone is for (cart, checkout summary, order). */
export function RenewalFor({ line }: { line: { renewal?: boolean; planPhoneNumber?: string | null } }) {
  const t = useT();
  const market = useMarket();
  if (!line.renewal || !line.planPhoneNumber) return null;
  return (
    <p className="renewal-for" data-testid="renewal-for">
      {t('renewal.forLine', renewalTextParams(line.planPhoneNumber, null, market.site, market.timeZone))}
    </p>
  );
}
