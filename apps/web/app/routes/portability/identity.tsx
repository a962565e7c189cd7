import { useEffect, useRef, useState } from 'react';
import { useSearchParams, type MetaFunction } from 'react-router';
import { CheckoutStep, events } from '@andes/domain/analytics';
import type { IdentityOutcome, IdentityQuestion } from '@andes/domain/identity';
import { portabilityEvents } from '@andes/domain/portability-analytics';
import { fields } from '@andes/domain/validation';
import { z } from 'zod';
import { PORTABILITY_PAGES } from '@andes/domain/portability';
import { pageTitle, useMarket, useT } from '../../lib/root-data.ts';
import { useForm } from '../../lib/form.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { ui } from '../../lib/ui-events.ts';
import { Field } from '../../ui/field.tsx';
import { PortabilitySteps } from '../../features/portability/steps.tsx';
import '../../features/cart/cart.css';
import '../../features/portability/portability.css';

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'identity.title');

const DEFAULT_NEXT = PORTABILITY_PAGES.next;
/** Only our own journey pages may follow (no open redirect through ?next=). */
const safeNext = (next: string | null) => (next && /^\/personas\/[\w/-]+$/.test(next) ? next : DEFAULT_NEXT);

interface Round {
  challengeId: string;
  questions: IdentityQuestion[];
}

function Questions({ round, onAnswered }: { round: Round; onAnswered: (outcome: IdentityOutcome) => void }) {
  const t = useT();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLFieldSetElement>(null);
  useEffect(() => first.current?.querySelector('input')?.focus(), [round.challengeId]);
  const complete = round.questions.every((q) => answers[q.id]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    ui.loading(true);
    const body = await request({ url: '/restpp/subscriber/active/answers', method: 'POST', contentType: 'json', data: { challengeId: round.challengeId, answers } });
    ui.loading(false);
    setBusy(false);
    if (body?.success) onAnswered(body.outcome as IdentityOutcome);
  }

  return (
    <form onSubmit={submit} noValidate>
      {round.questions.map((q, i) => (
        <fieldset key={q.id} ref={i === 0 ? first : undefined}>
          <legend>{q.text}</legend>
          <ul className="choice-list">
            {q.options.map((o) => (
              <li key={o.id}>
                <label>
                  <input type="radio" name={q.id} value={o.id} checked={answers[q.id] === o.id} onChange={() => setAnswers((a) => ({ ...a, [q.id]: o.id }))} />
                  {o.text}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
      <button type="submit" className="button button-wide" disabled={!complete || busy}>
        {t('identity.submit')}
      </button>
    </form>
  );
}

/** "Validación de Identidad" (checkout step 2.1): questions only the document's holder should know. */
export default function IdentityValidation() {
  const t = useT();
  const market = useMarket();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const form = useForm({
    schema: z.object({ document: fields.document(market) }),
    site: market.site,
    fields: { document: { type: market.document.kind === 'rut' ? 'rut' : 'numeric', maxLength: market.document.length } },
  });
  const [round, setRound] = useState<Round | null>(null);
  const [outcome, setOutcome] = useState<IdentityOutcome | null>(null);
  useEffect(() => track(events.checkoutStep(market.site, CheckoutStep.identityValidation)), [market.site]);

  async function start(e?: React.FormEvent) {
    e?.preventDefault();
    form.touchAll();
    if (!form.canSubmit) return;
    ui.loading(true);
    const body = await request({ url: '/restpp/subscriber/active/questions', method: 'POST', contentType: 'json', data: form.values, failurePopup: 'false' });
    ui.loading(false);
    if (body?.validationError) form.setServerErrors(body.validationError);
    if (body?.response?.systemMessage?.[0]?.exceptionKey === 'pp.error.identity.locked') setOutcome('locked');
    if (!body?.success) return;
    setOutcome(null);
    setRound({ challengeId: String(body.challengeId), questions: body.questions as IdentityQuestion[] });
  }

  function answered(result: IdentityOutcome) {
    track(portabilityEvents.identity(market.site, result));
    setOutcome(result);
    setRound(null);
  }

  return (
    <section className="page narrow">
      <PortabilitySteps current="identity" />
      <h1>{t('identity.title')}</h1>
      <p>{t('identity.intro')}</p>
      <div role="status" aria-live="polite">
        {outcome === 'passed' && <p className="notice-success">{t('identity.passed')}</p>}
        {outcome === 'failed' && <p className="form-error">{t('identity.failed')}</p>}
        {outcome === 'locked' && <p className="form-error">{t('pp.error.identity.locked')}</p>}
      </div>
      {outcome === 'passed' ? (
        <a className="button button-wide" href={next}>
          {t('identity.continue')}
        </a>
      ) : round ? (
        <Questions round={round} onAnswered={answered} />
      ) : (
        outcome !== 'locked' && (
          <form onSubmit={start} noValidate>
            <Field {...form.register('document')} label={t('identity.document', { document: market.document.label })} error={form.errorFor('document')} />
            <button type="submit" className="button button-wide" disabled={!form.canSubmit}>
              {t(outcome === 'failed' ? 'identity.retry' : 'identity.start')}
            </button>
          </form>
        )
      )}
    </section>
  );
}
