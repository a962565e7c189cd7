import { useEffect, useState } from 'react';
import { Link, redirect, useLoaderData, type MetaFunction } from 'react-router';
import { ACTIVATION_PAGES, DOCUMENT_SIDES, activationEvents, type DocumentSide } from '@andes/domain/sim-activation';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { holdBusy } from '../../lib/busy.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { loadActivation, refusalKey, refusalOf, type Activation } from '../../features/activation/activation-data.ts';
import { ActivationSteps } from '../../features/activation/activation-steps.tsx';
import { preparePhoto } from '../../features/activation/document-photo.ts';

export const handle = messageGroups('activation');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'activation.docs.title');

/** SPEC §2 `portar-plan/adjuntar-img`: the holder's document, front and back, downscaled and stripped in the browser. */
export async function loader(args: LoaderArgs) {
  const activation = await loadActivation(args);
  if (!activation || activation.journey !== 'port') throw redirect(ACTIVATION_PAGES.port.start);
  if (activation.state !== 'started' || !activation.port) throw redirect(activation.next);
  return { activation };
}

export default function ActivationDocuments() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const [activation, setActivation] = useState<Activation>(data.activation);
  const [errors, setErrors] = useState<Partial<Record<DocumentSide, string>>>({});
  useEffect(() => track(activationEvents.step(market.site, 'port', 'documents')), [market.site]);

  async function upload(side: DocumentSide, file: File | undefined) {
    if (!file) return;
    setErrors((e) => ({ ...e, [side]: undefined }));
    const release = holdBusy(t('activation.loading'));
    const photo = await preparePhoto(file);
    if (!photo) {
      release();
      setErrors((e) => ({ ...e, [side]: t('activation.docs.unreadable') }));
      return;
    }
    const body = await request<'POST /restpp/subscriber/active/documents'>({
      url: '/restpp/subscriber/active/documents',
      method: 'POST',
      contentType: 'json',
      data: { side, image: { type: photo.type, data: photo.data } },
      failurePopup: 'false',
    });
    release();
    if (body?.success) {
      setActivation(body.activation);
      return;
    }
    setErrors((e) => ({ ...e, [side]: refusalOf(body, 'image') ?? t('pp.error.generic') }));
    track(activationEvents.failure(market.site, 'port', 'documents', refusalKey(body)));
  }

  const done = DOCUMENT_SIDES.every((s) => activation.documents.includes(s));
  return (
    <>
      <header className="hero">
        <h1>{t('activation.port.title')}</h1>
      </header>
      <section className="page" aria-labelledby="docs-title">
        <ActivationSteps journey="port" current="port" />
        <h2 id="docs-title">{t('activation.docs.title')}</h2>
        <p>{t('activation.docs.intro')}</p>
        {DOCUMENT_SIDES.map((side) => (
          <div className="field" key={side}>
            <label htmlFor={`doc-${side}`}>{t(`activation.docs.${side}`)}</label>
            <input
              id={`doc-${side}`}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(e) => void upload(side, e.target.files?.[0])}
              aria-invalid={errors[side] ? true : undefined}
              aria-describedby={`doc-${side}-status`}
            />
            <p id={`doc-${side}-status`} role="status" data-testid={`doc-${side}-status`}>
              {activation.documents.includes(side) ? t('activation.docs.sent') : ''}
            </p>
            {errors[side] && (
              <p className="field-error" role="alert">
                * {errors[side]}
              </p>
            )}
          </div>
        ))}
        {done && (
          <Link className="button" to={ACTIVATION_PAGES.port.code} data-testid="activation-continue">
            {t('activation.continue')}
          </Link>
        )}
      </section>
    </>
  );
}
