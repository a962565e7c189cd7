import { useEffect, useRef, useState } from 'react';
import { useLoaderData, useNavigate, useSearchParams, type MetaFunction } from 'react-router';
import { CheckoutStep, events } from '@andes/domain/analytics';
import type { IdentityOutcome, IdentityQuestion } from '@andes/domain/identity';
import { portabilityEvents } from '@andes/domain/portability-analytics';
import { fields } from '@andes/domain/validation';
import { z } from 'zod';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { useForm } from '../../lib/form.ts';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { whileBusy } from '../../lib/busy.ts';
import { Field } from '../../ui/field.tsx';
import { JourneyStepBar } from '../../features/portability/steps.tsx';
import { REQUIREMENTS_URL, documentFor } from '../../features/portability/journey.ts';
import { ContinueJourneyButton } from '../../features/portability/continue-button.tsx';
import '../../features/cart/cart.css';
import '../../features/portability/portability.css';
import { messageGroups } from '../../lib/message-groups.ts';
import type { Answer } from '@andes/contract/caller';

export const handle = messageGroups('plans', 'portability');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'identity.title');

/** Only our own journey pages may follow (no open redirect through ?next=); without one the journey's next check follows. */
const safeNext = (next: string | null) => (next && /^\/personas\/[\w/-]+$/.test(next) ? next : null);

/** The journey's checks: the step bar, and the document whose holder answers (the port's holder or the buyer). */
export async function loader({ context }: LoaderArgs) {
  const res = await context.api<'GET /restpp/subscriber/active/requirements'>(REQUIREMENTS_URL);
  return { requirements: res.body.success ? res.body : null };
}

type Round = Answer<'POST /restpp/subscriber/active/questions'>;

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
    const body = await whileBusy(() =>
      request({
        url: '/restpp/subscriber/active/answers',
        method: 'POST',
        contentType: 'json',
        data: { challengeId: round.challengeId, answers },
      }),
    );
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
  const navigate = useNavigate();
  const { requirements } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const expected = documentFor(requirements, 'identity', market);
  const form = useForm({
    schema: z.object({ document: fields.document(market) }),
    market,
    fields: { document: { type: market.document.kind === 'rut' ? 'rut' : 'numeric', maxLength: market.document.length } },
    initial: expected ? { document: expected } : undefined,
  });
  const [round, setRound] = useState<Round | null>(null);
  const [outcome, setOutcome] = useState<IdentityOutcome | null>(null);
  useEffect(() => track(events.checkoutStep(market.site, CheckoutStep.identityValidation)), [market.site]);

  async function start(e?: React.FormEvent) {
    e?.preventDefault();
    form.touchAll();
    if (!form.canSubmit) return;
    const body = await whileBusy(() =>
      request({ url: '/restpp/subscriber/active/questions', method: 'POST', contentType: 'json', data: form.values, failurePopup: 'false' }),
    );
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
      <JourneyStepBar requirements={requirements} current="identity" />
      <h1>{t('identity.title')}</h1>
      <p>{t('identity.intro')}</p>
      <div role="status" aria-live="polite">
        {outcome === 'passed' && <p className="notice-success">{t('identity.passed')}</p>}
        {outcome === 'failed' && <p className="form-error">{t('identity.failed')}</p>}
        {outcome === 'locked' && <p className="form-error">{t('pp.error.identity.locked')}</p>}
      </div>
      {outcome === 'passed' ? (
        next ? (
          <button type="button" className="button button-wide" onClick={() => navigate(next)}>
            {t('identity.continue')}
          </button>
        ) : (
          <ContinueJourneyButton />
        )
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
