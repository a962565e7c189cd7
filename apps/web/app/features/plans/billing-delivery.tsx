import { useId, useState } from 'react';
import { canContinueBillingDelivery, defaultBillingMobile } from '@andes/domain/billing-delivery';
import { cleanInput } from '@andes/domain/clean';
import { useMarket, useT } from '../../lib/root-data.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { INTENT, type FormFields } from '../../lib/form-action.ts';
import type { BillingContact } from './types.ts';
import './plans.css';

interface Props {
  /** The plan's phone number: the mobile field's default when no number is given (SPEC §5). */
  planPhoneNumber?: string;
  initialMobile?: string;
  initialEmail?: string;
  busy?: boolean;
  /** Called with only the ticked channels when Continue is pressed. */
  onSubmit: (contact: BillingContact) => void;
  headingLevel?: 1 | 2;
  /**
   * Where the form posts before JavaScript runs (a page with an action for `intent`), and the fields
   * it posted when the action refused them; without it the form works only with JavaScript.
   */
  post?: { action: string; intent: string; refused?: FormFields };
}

/**
 * "Ahora puedes configurar tu nuevo plan": where the monthly bill goes. At least one channel must be
 * ticked, and Continue is enabled only when each ticked channel's field passes its rule.
 */
export function BillingDeliveryForm({ planPhoneNumber = '', initialMobile, initialEmail = '', busy = false, onSubmit, headingLevel = 2, post }: Props) {
  const t = useT();
  const market = useMarket();
  const id = useId();
  const hydrated = useHydrated();
  const refused = post?.refused;
  const [mobileChecked, setMobileChecked] = useState(!!refused?.byMobile);
  const [emailChecked, setEmailChecked] = useState(!!refused?.byEmail);
  const [mobile, setMobile] = useState(() => refused?.billing_msisdn ?? defaultBillingMobile(initialMobile, planPhoneNumber));
  const [email, setEmail] = useState(refused?.billing_email ?? initialEmail);
  const [touched, setTouched] = useState({ mobile: false, email: false });
  const state = { mobileChecked, emailChecked, mobile, email };
  const canContinue = canContinueBillingDelivery(state);
  const mobileBad = mobileChecked && touched.mobile && !canContinueBillingDelivery({ ...state, emailChecked: false });
  const emailBad = emailChecked && touched.email && !canContinueBillingDelivery({ ...state, mobileChecked: false });
  const noChannel = !mobileChecked && !emailChecked && (touched.mobile || touched.email);
  const Heading = `h${headingLevel}` as const;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!canContinue || busy) return;
    onSubmit({ ...(mobileChecked ? { billing_msisdn: mobile.trim() } : {}), ...(emailChecked ? { billing_email: email.trim() } : {}) });
  };

  return (
    <form className="billing-delivery" method="post" action={post?.action} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      {post && <input type="hidden" name={INTENT} value={post.intent} />}
      <Heading id={`${id}-title`}>{t('plans.billing.title')}</Heading>
      <p>{t('plans.billing.intro')}</p>
      <fieldset>
        <legend>{t('plans.billing.channels')}</legend>
        <label className="plan-check">
          <input
            type="checkbox"
            name="byMobile"
            value="1"
            checked={mobileChecked}
            onChange={(e) => {
              setMobileChecked(e.target.checked);
              setTouched((x) => ({ ...x, mobile: true }));
            }}
          />
          {t('plans.billing.byMobile')}
        </label>
        {/* before JavaScript runs both fields are in the page, each shown by the stylesheet while its box is ticked */}
        {(mobileChecked || (!!post && !hydrated)) && (
          <div className="field">
            <label htmlFor={`${id}-mobile`}>{t('plans.billing.mobile')}</label>
            <p className="field-hint" id={`${id}-mobile-hint`}>
              {t('plans.billing.mobileHint')}
            </p>
            <input
              id={`${id}-mobile`}
              name="billing_msisdn"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={market.phoneLength}
              value={mobile}
              aria-invalid={mobileBad || undefined}
              aria-describedby={`${id}-mobile-hint${mobileBad ? ` ${id}-mobile-error` : ''}`}
              onChange={(e) => setMobile(cleanInput('numeric', e.target.value, market).slice(0, market.phoneLength))}
              onBlur={() => setTouched((x) => ({ ...x, mobile: true }))}
            />
            {mobileBad && (
              <p className="field-error" id={`${id}-mobile-error`} role="alert">
                * {t('validation.phone')}
              </p>
            )}
          </div>
        )}
        <label className="plan-check">
          <input
            type="checkbox"
            name="byEmail"
            value="1"
            checked={emailChecked}
            onChange={(e) => {
              setEmailChecked(e.target.checked);
              setTouched((x) => ({ ...x, email: true }));
            }}
          />
          {t('plans.billing.byEmail')}
        </label>
        {(emailChecked || (!!post && !hydrated)) && (
          <div className="field">
            <label htmlFor={`${id}-email`}>{t('plans.billing.email')}</label>
            <input
              id={`${id}-email`}
              name="billing_email"
              type="email"
              autoComplete="email"
              maxLength={120}
              value={email}
              aria-invalid={emailBad || undefined}
              aria-describedby={emailBad ? `${id}-email-error` : undefined}
              onChange={(e) => setEmail(cleanInput('email', e.target.value, market))}
              onBlur={() => setTouched((x) => ({ ...x, email: true }))}
            />
            {emailBad && (
              <p className="field-error" id={`${id}-email-error`} role="alert">
                * {t('validation.email')}
              </p>
            )}
          </div>
        )}
        {noChannel && (
          <p className="field-error" role="alert">
            * {t('plans.billing.channelRequired')}
          </p>
        )}
      </fieldset>
      <button type="submit" className="button button-wide" disabled={(hydrated || !post) && (!canContinue || busy)}>
        {t('plans.billing.continue')}
      </button>
    </form>
  );
}
