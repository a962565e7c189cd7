import { toggleInsurance } from '@andes/domain/insurance-selection';
import { useT } from '../../lib/root-data.ts';
import type { Insurance } from './types.ts';

/**
 * Equipment-only insurance checkboxes (SPEC §4 insurance selection): choosing one checks it and
 * disables and unchecks those it excludes; unchecking re-enables those no other checked one excludes.
 * Under a heading that already says what to choose (`labelledBy`, the phone purchase's insurance step)
 * the group is named by it rather than by the same words again.
 */
export function InsuranceOffer({ insurances, onChange, labelledBy }: { insurances: Insurance[]; onChange: (next: Insurance[]) => void; labelledBy?: string }) {
  const t = useT();
  return (
    <fieldset className="choice-group" aria-labelledby={labelledBy}>
      {!labelledBy && <legend>{t('product.insurance.legend')}</legend>}
      <ul className="insurance-list">
        {insurances.map((ins) => (
          <li key={ins.id}>
            <label>
              <input
                type="checkbox"
                name="insurance"
                value={ins.id}
                checked={ins.checked}
                disabled={!ins.enabled}
                onChange={(e) => onChange(toggleInsurance(insurances, ins.id, e.target.checked))}
              />
              <span>
                <strong>{ins.displayName}</strong> — {t('product.insurance.monthly', { price: ins.monthlyValueFormatted })}
                <small>{ins.description}</small>
                <small>
                  {ins.insuranceValidity > 0
                    ? t('product.insurance.details', { months: ins.insuranceValidity, events: ins.eventsNumber, deductible: ins.deductibleCostFormatted })
                    : t('product.insurance.noDetails')}
                </small>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
