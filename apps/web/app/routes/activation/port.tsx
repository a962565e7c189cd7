import { useEffect, useState } from 'react';
import { Link, redirect, useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { formatPhone } from '@andes/domain/documents';
import { ACTIVATION_PAGES, activationEvents } from '@andes/domain/sim-activation';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { whileBusy } from '../../lib/busy.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { Field } from '../../ui/field.tsx';
import { loadActivation, refusalKey, refusalOf, type Activation } from '../../features/activation/activation-data.ts';
import { ActivationSteps } from '../../features/activation/activation-steps.tsx';
import { AddressForm } from '../../features/activation/start-forms.tsx';
import type { Area } from '../../features/cart/geo-fields.tsx';

export const handle = messageGroups('activation', 'cart', 'portability');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'activation.port.title');

const PAGES = ACTIVATION_PAGES.port;
type Page = 'datos' | 'factibilidad' | 'compania-origen' | 'compania';

/**
 * SPEC §2 `portar-plan`: `factibilidad` (the address and its coverage), `datos` (the number to bring),
 * `compania-origen` (its company, Peru: and modality; the port request) and `compania` (what will be
 * ported, before the photos). A visitor without a port activation that got this far goes to its step.
 */
export async function loader(args: LoaderArgs) {
  const url = new URL(args.request.url);
  const page = url.pathname.split('/').pop() as Page;
  const activation = await loadActivation(args);
  if (!activation || activation.journey !== 'port') throw redirect(PAGES.start);
  if (activation.state !== 'started') throw redirect(activation.next);
  if (activation.missing === 'holder' || activation.missing === 'identity') throw redirect(activation.next);
  if (page !== 'factibilidad' && activation.missing === 'address') throw redirect(activation.next);
  const [regions, companies] = await Promise.all([
    page === 'factibilidad' ? args.context.api<'GET /restpp/order/geo/regions'>('/restpp/order/geo/regions') : null,
    page === 'compania-origen' || page === 'compania'
      ? args.context.api<'GET /restpp/subscriber/portability/company'>('/restpp/subscriber/portability/company')
      : null,
  ]);
  const number = url.searchParams.get('numero') ?? activation.port?.phoneNumber ?? '';
  if (page === 'compania-origen' && !/^9\d{8}$/.test(number)) throw redirect(PAGES.data);
  if (page === 'compania' && !activation.port) throw redirect(PAGES.data);
  return {
    page,
    activation,
    number,
    regions: (regions?.body.regions ?? []) as Area[],
    companies: companies?.body ?? { companies: [], asksModality: false, modalities: [] },
  };
}

export default function ActivationPort() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const navigate = useNavigate();
  const [activation, setActivation] = useState<Activation>(data.activation);
  const [number, setNumber] = useState(data.number);
  const [company, setCompany] = useState(data.activation.port?.company ?? '');
  const [modality, setModality] = useState(data.activation.port?.modality ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const step = data.page === 'factibilidad' ? 'address' : 'number';
  useEffect(() => track(activationEvents.step(market.site, 'port', step)), [market.site, step]);

  async function savePort(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setErrors({});
    const body = await whileBusy(
      () =>
        request<'POST /restpp/subscriber/active/port'>({
          url: '/restpp/subscriber/active/port',
          method: 'POST',
          contentType: 'json',
          data: { phoneNumber: number, company, ...(data.companies.asksModality ? { modality } : {}) },
          failurePopup: 'false',
        }),
      t('activation.loading'),
    );
    if (body?.success) {
      setActivation(body.activation);
      void navigate(PAGES.company);
      return;
    }
    const fields = Object.fromEntries(Object.entries(body?.validationError ?? {}).map(([k, v]) => [k, v[0] ?? '']));
    setErrors(fields);
    if (!Object.keys(fields).length) setError(refusalOf(body) ?? t('pp.error.generic'));
    track(activationEvents.failure(market.site, 'port', 'number', refusalKey(body)));
  }

  const companyName = (id: string) => data.companies.companies.find((c) => c.id === id)?.name ?? id;
  return (
    <>
      <header className="hero">
        <h1>{t('activation.port.title')}</h1>
      </header>
      <section className="page" aria-labelledby="port-step-title">
        <ActivationSteps journey="port" current={data.page === 'factibilidad' ? 'data' : 'port'} />
        {data.page === 'factibilidad' && (
          <>
            <h2 id="port-step-title" className="sr-only">
              {t('activation.address.title')}
            </h2>
            <AddressForm journey="port" activation={activation} regions={data.regions} onChange={setActivation} />
            {activation.covered === true && (
              <Link className="button" to={PAGES.data} data-testid="activation-continue">
                {t('activation.continue')}
              </Link>
            )}
          </>
        )}
        {data.page === 'datos' && (
          <form
            method="get"
            action={PAGES.originCompany}
            onSubmit={(e) => (/^9\d{8}$/.test(number) ? undefined : (e.preventDefault(), setErrors({ phoneNumber: 'validation.phone' })))}
          >
            <h2 id="port-step-title">{t('activation.port.number.title')}</h2>
            <Field
              id="numero"
              name="numero"
              type="tel"
              inputMode="numeric"
              maxLength={9}
              label={t('activation.port.number.label')}
              hint={t('activation.port.number.hint')}
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              error={errors.phoneNumber}
              required
            />
            <button type="submit" className="button">
              {t('activation.continue')}
            </button>
          </form>
        )}
        {data.page === 'compania-origen' && (
          <form onSubmit={savePort} noValidate>
            <h2 id="port-step-title">{t('activation.port.company.title')}</h2>
            <p>{t('activation.port.company.saved', { phone: formatPhone(number, market.site), company: company ? companyName(company) : '…' })}</p>
            <div className="field">
              <label htmlFor="company">{t('activation.port.company.label')}</label>
              <select
                id="company"
                value={company}
                onChange={(e) => setCompany(e.target.value)}
                aria-invalid={errors.company ? true : undefined}
                aria-describedby={errors.company ? 'company-error' : undefined}
              >
                <option value="">{t('activation.port.choose')}</option>
                {data.companies.companies.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
              {errors.company && (
                <p className="field-error" id="company-error" role="alert">
                  * {errors.company}
                </p>
              )}
            </div>
            {data.companies.asksModality && (
              <div className="field">
                <label htmlFor="modality">{t('portability.company.modality')}</label>
                <select
                  id="modality"
                  value={modality}
                  onChange={(e) => setModality(e.target.value)}
                  aria-invalid={errors.modality ? true : undefined}
                  aria-describedby={errors.modality ? 'modality-error' : undefined}
                >
                  <option value="">{t('activation.port.choose')}</option>
                  {data.companies.modalities.map((m) => (
                    <option key={m} value={m}>
                      {t(`portability.modality.${m}`)}
                    </option>
                  ))}
                </select>
                {errors.modality && (
                  <p className="field-error" id="modality-error" role="alert">
                    * {errors.modality}
                  </p>
                )}
              </div>
            )}
            <div aria-live="assertive">
              {(error || errors.phoneNumber) && (
                <p className="form-error" role="alert">
                  {error ?? errors.phoneNumber}
                </p>
              )}
            </div>
            <button type="submit" className="button">
              {t('activation.continue')}
            </button>
          </form>
        )}
        {data.page === 'compania' && activation.port && (
          <>
            <h2 id="port-step-title">{t('activation.port.company.title')}</h2>
            <p data-testid="port-summary">
              {t('activation.port.company.saved', {
                phone: formatPhone(activation.port.phoneNumber, market.site),
                company: companyName(activation.port.company),
              })}
            </p>
            <div className="hero-actions">
              <Link className="button" to={PAGES.images} data-testid="activation-continue">
                {t('activation.continue')}
              </Link>
              <Link className="button button-ghost" to={PAGES.data}>
                {t('activation.port.company.change')}
              </Link>
            </div>
          </>
        )}
      </section>
    </>
  );
}
