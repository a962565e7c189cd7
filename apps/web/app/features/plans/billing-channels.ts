import type { Translate } from '@andes/domain/messages';

/** "SMS al 9…, correo …": the channels a bill goes to, as one sentence part. */
export function billingChannels(t: Translate, contact: { billing_email?: string | null; billing_msisdn?: string | null }): string {
  const parts = [];
  if (contact.billing_msisdn) parts.push(t('plans.channels.sms', { phone: contact.billing_msisdn }));
  if (contact.billing_email) parts.push(t('plans.channels.email', { email: contact.billing_email }));
  return parts.join(' · ');
}
