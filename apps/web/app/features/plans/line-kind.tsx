import { useT } from '../../lib/root-data.ts';

/** New number or bring the number from another company (the portability branch). */
export function LineKindChoice({ portability, onChange }: { portability: boolean; onChange: (portability: boolean) => void }) {
  const t = useT();
  return (
    <fieldset>
      <legend>{t('plans.lineKind.legend')}</legend>
      <label className="plan-check">
        <input type="radio" name="lineKind" value="newLine" checked={!portability} onChange={() => onChange(false)} /> {t('plans.lineKind.newLine')}
      </label>
      <label className="plan-check">
        <input type="radio" name="lineKind" value="portability" checked={portability} onChange={() => onChange(true)} /> {t('plans.lineKind.portability')}
      </label>
    </fieldset>
  );
}
