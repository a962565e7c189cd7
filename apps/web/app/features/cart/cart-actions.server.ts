import { redirect } from 'react-router';
import type { ApiResult } from '@andes/contract/envelope';
import type { WebContext } from '@andes/contract/caller';
import { CartErrorKeys } from '@andes/domain/cart-rules';
import { apiRefusal, countField, refused, type FormFields, type IntentHandlers } from '../../lib/form-action.ts';

/**
 * The cart's forms without JavaScript, by intent: a line's quantity, its removal, a suggested
 * product added. Each calls the API the page calls with JavaScript and comes back to the cart; the
 * server's checks (stock, the most units, a plan's one line) refuse as they do there.
 */
export function cartIntents(context: WebContext, cartPath: string): IntentHandlers {
  const back = (fields: FormFields, answer: ApiResult) => (answer.body.success ? redirect(cartPath) : apiRefusal(fields, answer));
  return {
    quantity: async (fields) => {
      // the stepper posts a count; anything else ('0x2', 'abc') is refused, never read as another count
      const quantity = countField(fields, 'quantity', 0);
      if (!quantity) return refused(fields, { key: CartErrorKeys.invalidQuantity }, 400);
      return back(fields, await context.api<'POST /restpp/order/cart'>('/restpp/order/cart', { method: 'POST', body: { id: fields.lineId, quantity } }));
    },
    remove: async (fields) =>
      back(
        fields,
        await context.api<'DELETE /restpp/order/:productOfferingID'>(`/restpp/order/${encodeURIComponent(fields.lineId ?? '')}`, { method: 'DELETE' }),
      ),
    add: async (fields) =>
      back(
        fields,
        await context.api<'POST /restpp/order/add'>('/restpp/order/add', {
          method: 'POST',
          body: { items: [{ type: 'equipment', id: fields.skuId, quantity: 1 }] },
        }),
      ),
  };
}
