/** The account capability's public face (docs/decisions/015). */
export { creditPoints, debitPoints, recordPointsRedemption, recordPointsReturn } from './lines.repo.ts';
export { issueDueBills } from './billing-cycle.service.ts';
export { renewDueBags } from './bag-renewals.service.ts';
export { changeContact, contactView } from './customer.service.ts';
export { addNotification } from './customer.repo.ts';
export { creditSuspendedDays } from './suspension-credit.service.ts';
export { chargeDeductible, type DeductibleCharge } from './deductible-charge.service.ts';
export { buyBag, cardBagOf, lineBags, offers } from './bags.service.ts';
export { finishLineCardReturn, startCardPayment } from './topups.service.ts';
export { cardPurposesPlugin, type CardPurposeHandler } from './card-purposes.service.ts';
export { chargeOfSubject, type Topup } from './topups.repo.ts';
export { lineByPhone, lineOwnerOf } from './lines.repo.ts';

export {
  cancelPlanChange,
  dueScheduledPlanChanges,
  markPlanChangeApplied,
  notifyPlanChange,
  planChangeOverview,
  recordPlanChange,
  type PlanChangeInput,
  type PlanOption,
} from './plan-change.service.ts';
export { creditTopup } from './topups.service.ts';
export { recordFinancedPhone } from './installments.service.ts';
