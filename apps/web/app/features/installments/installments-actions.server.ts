import { redirect } from 'react-router';
import type { WebContext } from '@andes/contract/caller';
import { ErrorKeys } from '@andes/domain/error-keys';
import { apiRefusal, countField, refused, type IntentHandlers } from '../../lib/form-action.ts';

/**
 * Paying installments ahead before JavaScript loads (decision 018): the form posts to the page, which
 * calls the API the browser calls and sends the browser to the gateway, or answers the page again
 * with the server's refusal. The total is computed from the installment the page showed.
 */
export function installmentsIntents(context: WebContext): IntentHandlers {
  return {
    pay: async (fields) => {
      const count = countField(fields, 'count', 1);
      if (count === null) return refused(fields, { key: ErrorKeys.validation }, 400);
      const body = {
        equipmentId: Number(fields.equipmentId),
        from: Number(fields.from),
        count,
        amount: count * Number(fields.installmentAmount),
        idempotencyKey: fields.idempotencyKey ?? '',
      };
      const url = `/restpp/asset/${encodeURIComponent(fields.line ?? '')}/installments/pay`;
      const paid = await context.api<'POST /restpp/asset/:phoneNumber/installments/pay'>(url, { method: 'POST', body });
      const gateway = paid.body.response?.redirectRUL;
      return paid.body.success && gateway ? redirect(gateway) : apiRefusal(fields, paid);
    },
  };
}
