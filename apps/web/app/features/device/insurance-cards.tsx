import { formatDateInZone } from '@andes/domain/dates';
import { useMarket, useT } from '../../lib/root-data.ts';
import type { InsuranceFacts, LineInsurance } from './insurance-api.ts';

function Covers({ covers }: { covers: InsuranceFacts['covers'] }) {
  const t = useT();
  return <p>{t('insurance.covers', { covers: covers.map((c) => t(`insurance.covers.${c}`)).join(', ') })}</p>;
}

/** The line's insurances: device, validity, coverage, events left and the next claim's deductible. */
export function LineInsurances({ insurances }: { insurances: LineInsurance[] }) {
  const t = useT();
  const market = useMarket();
  const day = (iso: string) => formatDateInZone(new Date(iso), market.timeZone, 'long');
  return (
    <section aria-labelledby="insurance-mine-title">
      <h2 id="insurance-mine-title">{t('insurance.mine.title')}</h2>
      <ul className="insurance-list">
        {insurances.map((i) => (
          <li key={i.id} className="card" data-testid="line-insurance">
            <h3>{i.displayName}</h3>
            <p>{i.description}</p>
            <p>
              {t('insurance.device', { device: i.device })}
              {i.imei && ` · ${t('insurance.imei', { imei: i.imei })}`}
            </p>
            <p>{i.endsAt ? t('insurance.validity', { from: day(i.startsAt), to: day(i.endsAt) }) : t('insurance.validity.open', { from: day(i.startsAt) })}</p>
            {!i.inForce && <p className="form-error">{t('insurance.expired')}</p>}
            {i.covers.length > 0 && <Covers covers={i.covers} />}
            <p data-testid="insurance-events">
              {i.eventsLeft === null ? t('insurance.events.unlimited') : t('insurance.events', { left: i.eventsLeft, total: i.eventsNumber })}
            </p>
            {i.covers.length > 0 && <p data-testid="insurance-next-deductible">{t('insurance.deductible.next', { amount: i.nextDeductible.formatted })}</p>}
            <p className="field-hint">{i.info}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What a line without insurance could have had: the catalogue's insurances that cover a theft or damage. */
export function InsuranceOffer({ offer }: { offer: InsuranceFacts[] }) {
  const t = useT();
  return (
    <section aria-labelledby="insurance-none-title" data-testid="insurance-offer">
      <h2 id="insurance-none-title">{t('insurance.none.title')}</h2>
      <p>{t('insurance.none.body')}</p>
      <ul className="insurance-list">
        {offer.map((i) => (
          <li key={i.insuranceId} className="card">
            <h3>{i.displayName}</h3>
            <p>{i.description}</p>
            <Covers covers={i.covers} />
            <p>{t('insurance.offer.monthly', { amount: i.monthlyValue.formatted })}</p>
            {i.eventsNumber > 0 && <p>{t('insurance.offer.events', { events: i.eventsNumber, months: i.insuranceValidity })}</p>}
            <p>{t('insurance.offer.deductible', { amount: i.deductibleCost.formatted })}</p>
          </li>
        ))}
      </ul>
      <p>
        <a className="button" href="/lista-productos">
          {t('insurance.none.cta')}
        </a>
      </p>
    </section>
  );
}
