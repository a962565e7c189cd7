/**
 * Where the bill is sent: by SMS to a mobile number, by e-mail, or both (SPEC §5 "Billing delivery").
 */
import { regexes } from 'zod';
import { validatePhone } from './documents.ts';

/**
 * The pattern the server's `z.email()` applies, so the button and the API never disagree; the pattern
 * alone keeps Zod's schema machinery out of the pages that show this choice.
 */
const EMAIL = regexes.email;

/**
 * Whether Continue is enabled: at least one channel is ticked, and each ticked channel's field passes
 * (mobile: 9 digits starting with 9; e-mail: a valid address). An unticked channel's field is ignored,
 * whatever it holds. Surrounding spaces are ignored.
 */
export function canContinueBillingDelivery(s: { mobileChecked: boolean; emailChecked: boolean; mobile: string; email: string }): boolean {
  if (!s.mobileChecked && !s.emailChecked) return false;
  if (s.mobileChecked && !validatePhone(s.mobile.trim())) return false;
  if (s.emailChecked && !EMAIL.test(s.email.trim())) return false;
  return true;
}

/** The mobile number to prefill: the one given, or the plan's phone number when none (or only blanks) is given. */
export function defaultBillingMobile(given: string | undefined, planPhoneNumber: string): string {
  return given !== undefined && given.trim() !== '' ? given : planPhoneNumber;
}
