import { useEffect, useState } from 'react';
import { useLoaderData, useNavigate, type MetaFunction } from 'react-router';
import { portabilityRuleSets, PORTABILITY_PAGES } from '@andes/domain/portability';
import { portabilityEvents } from '@andes/domain/portability-analytics';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { useForm } from '../../lib/form.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { holdBusy } from '../../lib/busy.ts';
import { Field } from '../../ui/field.tsx';
import { JourneyStepBar } from '../../features/portability/steps.tsx';
import { REQUIREMENTS_URL } from '../../features/portability/journey.ts';
import { SelectField } from '../../features/portability/select-field.tsx';
import '../../features/cart/cart.css';
import '../../features/portability/portability.css';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('plans', 'portability');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'portability.company.title');

export async function loader({ context }: LoaderArgs) {
  const [companies, cart, requirements] = await Promise.all([
    context.api<'GET /restpp/subscriber/portability/company'>('/restpp/subscriber/portability/company'),
    context.api<'GET /restpp/order/shoppingCart'>('/restpp/order/shoppingCart'),
    context.api<'GET /restpp/subscriber/active/requirements'>(REQUIREMENTS_URL),
  ]);
  return {
    requirements: requirements.body.success ? requirements.body : null,
    companies: companies.body.companies ?? [],
    modalities: companies.body.modalities ?? [],
    hasLine: (cart.body.items ?? []).some((i) => i.type === 'plan' && i.isPortability),
  };
}

export default function CompanyOfOrigin() {
  const { companies, modalities, hasLine, requirements } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const navigate = useNavigate();
  const asksModality = modalities.length > 0;
  const form = useForm({
    schema: portabilityRuleSets.customer(market),
    market,
    fields: {
      phoneNumber: { type: 'numeric', maxLength: market.phoneLength },
      document: { type: market.document.kind === 'rut' ? 'rut' : 'numeric', maxLength: market.document.length },
      company: {},
      modality: { noVerify: !asksModality },
    },
  });
  const [busy, setBusy] = useState(false);
  useEffect(() => track(portabilityEvents.step(market.site, 'company', null)), [market.site]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    form.touchAll();
    if (!form.canSubmit) return;
    setBusy(true);
    const release = holdBusy();
    const { modality, ...rest } = form.values;
    const started = await request({
      url: '/restpp/subscriber/portability/customer',
      method: 'POST',
      contentType: 'json',
      data: asksModality ? { ...rest, modality } : rest,
    });
    const sent = started?.success ? await request({ url: '/restpp/subscriber/portability/securityCode', method: 'POST' }) : null;
    release();
    setBusy(false);
    if (started?.validationError) form.setServerErrors(started.validationError);
    if (!sent?.success) return;
    track(portabilityEvents.step(market.site, 'code_sent', form.values.company));
    navigate(PORTABILITY_PAGES.code);
  }

  return (
    <section className="page narrow">
      <JourneyStepBar requirements={requirements} current="data" />
      <h1>{t('portability.company.title')}</h1>
      {!hasLine ? (
        <p role="status">
          {t('portability.company.noLine')} <a href="/personas/catalogo/postpago">{t('portability.company.choosePlan')}</a>
        </p>
      ) : (
        <>
          <p>{t('portability.company.intro')}</p>
          <p className="field-hint">{t('portability.company.rules')}</p>
          <form onSubmit={submit} noValidate>
            <Field
              {...form.register('phoneNumber')}
              label={t('portability.company.phone')}
              hint={t('portability.company.phoneHint')}
              inputMode="numeric"
              autoComplete="tel-national"
              error={form.errorFor('phoneNumber')}
            />
            <Field
              {...form.register('document')}
              label={t('portability.company.document', { document: market.document.label })}
              error={form.errorFor('document')}
            />
            <SelectField
              id="field-company"
              label={t('portability.company.company')}
              placeholder={t('portability.company.choose')}
              value={form.values.company}
              options={companies.map((c) => ({ value: c.id, label: c.name }))}
              error={form.errorFor('company')}
              onChange={(v) => form.setValue('company', v)}
            />
            {asksModality && (
              <SelectField
                id="field-modality"
                label={t('portability.company.modality')}
                placeholder={t('portability.company.choose')}
                value={form.values.modality}
                options={modalities.map((m) => ({ value: m, label: t(`portability.modality.${m}`) }))}
                error={form.errorFor('modality')}
                onChange={(v) => form.setValue('modality', v)}
              />
            )}
            <button type="submit" className="button button-wide" disabled={!form.canSubmit || busy}>
              {t('portability.company.submit')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
