import { redirect } from 'react-router';
import type { ActiveSimType } from '@andes/domain/plans-sale';
import type { WebContext } from '@andes/contract/caller';
import { apiRefusal, type FormFields } from '../../lib/form-action.ts';

/** A plan card's 'Contratar' posted without JavaScript: the plan is chosen for the journey, which goes on at its next step. */
export async function contractPlan(context: WebContext, fields: FormFields, page: { activeSimType: ActiveSimType; contractPath: string }) {
  const chosen = await context.api<'POST /restpp/order/select/plan'>('/restpp/order/select/plan', {
    method: 'POST',
    body: { id: fields.planId, isPortability: false, activeSimType: page.activeSimType },
  });
  return chosen.body.success ? redirect(page.contractPath) : apiRefusal(fields, chosen);
}
