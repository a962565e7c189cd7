import { useState } from 'react';
import { frequentNumberAction } from '@andes/domain/account-frequent';
import { cleanInput } from '@andes/domain/clean';
import { formatPhone } from '@andes/domain/documents';
import { useMarket, useT } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { whileBusy } from '../../lib/busy.ts';
import { Field } from '../../ui/field.tsx';

/** SPEC §5: only a new number creates (POST); with an old number too it updates (PUT). */
export function FrequentNumbers({ phone, initial }: { phone: string; initial: string[] }) {
  const t = useT();
  const market = useMarket();
  const [numbers, setNumbers] = useState(initial);
  const [oldNumber, setOld] = useState('');
  const [newNumber, setNew] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saved, setSaved] = useState(false);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const action = frequentNumberAction({ oldNumber, newNumber });
    setSaved(false);
    const body = await whileBusy(() =>
      request<'POST /REST/asset/:phoneNumber/frequencyNumber'>({
        url: `/REST/asset/${phone}/frequencyNumber`,
        method: action.method,
        contentType: 'json',
        data: action,
        failurePopup: 'false',
      }),
    );
    if (body?.success) {
      setNumbers(body.frequentNumbers);
      setErrors({});
      setOld('');
      setNew('');
      setSaved(true);
    } else {
      setErrors(body?.validationError ?? { newNumber: [body?.response?.systemMessage?.[0]?.exceptionKey ?? 'pp.error.network'] });
    }
  }
  const digits = (v: string) => cleanInput('numeric', v, market).slice(0, market.frequentNumberLength);
  return (
    <section className="card" aria-labelledby="frequent-title">
      <h2 id="frequent-title">{t('account.frequent.title')}</h2>
      {numbers.length ? (
        <ul data-testid="frequent-numbers">
          {numbers.map((n) => (
            <li key={n}>{formatPhone(n, market.site)}</li>
          ))}
        </ul>
      ) : (
        <p>{t('account.frequent.none')}</p>
      )}
      <form onSubmit={submit} noValidate>
        <Field
          id="frequent-old"
          name="oldNumber"
          label={t('account.frequent.old')}
          inputMode="numeric"
          value={oldNumber}
          onChange={(e) => setOld(digits(e.target.value))}
          error={errors.oldNumber?.[0]}
        />
        <Field
          id="frequent-new"
          name="newNumber"
          label={t('account.frequent.new')}
          inputMode="numeric"
          value={newNumber}
          onChange={(e) => setNew(digits(e.target.value))}
          error={errors.newNumber?.[0]}
        />
        <div aria-live="polite">{saved && <p className="notice-success">{t('account.frequent.saved')}</p>}</div>
        <button type="submit" className="button button-ghost">
          {t('account.frequent.save')}
        </button>
      </form>
    </section>
  );
}
