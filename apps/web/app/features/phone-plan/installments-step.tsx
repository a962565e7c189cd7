import { installmentSlides, type InstallmentOption } from '@andes/domain/sale-sequence';
import { formatMoney } from '@andes/domain/money';
import { useMarket, useT } from '../../lib/root-data.ts';
import { BlueIntro } from './blue-intro.tsx';

/**
 * "Configura tus cuotas" (SPEC §2 screen 3): the Blue program's slides, then one choice per
 * installment count of the page's {product}BlueInfo; continue needs a choice (SPEC §5).
 */
export function InstallmentsStep({ options, value, onChange }: { options: InstallmentOption[]; value: number | null; onChange: (count: number) => void }) {
  const t = useT();
  const market = useMarket();
  const slides = installmentSlides(options);
  return (
    <>
      <BlueIntro />
      {slides.length === 0 ? (
        <p role="alert">{t('phonePlan.installments.none')}</p>
      ) : (
        <fieldset className="choice-group">
          <legend>{t('phonePlan.installments.legend')}</legend>
          <div className="options-row">
            {slides.map((s) => (
              <label key={s.quotasValue} className="pill">
                <input type="radio" name="installments" value={s.quotasValue} checked={value === s.quotasValue} onChange={() => onChange(s.quotasValue)} />
                {t('phonePlan.installments.option', { count: s.quotasValue, quota: formatMoney(s.fromQuota, market.currency) })}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </>
  );
}
