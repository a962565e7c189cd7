import type { MessageDef, MessageOverrides } from './messages.ts';

const m = (page: string, text: string): MessageDef => ({ page, text });

/**
 * Messages of the plan change (mi-plan/cambio-plan) and of the installments paid ahead
 * (equipo/quotas-pagar), both in the account group (docs/decisions/027; see messages.ts for how the
 * store resolves them). Chile says "boleta", Peru "recibo".
 */
export const planChangeMessages = {
  'account.nav.planChange': m('account', 'Cambiar de plan'),
  'account.nav.installments': m('account', 'Pagar cuotas del equipo'),
  'account.planChange.title': m('planChange', 'Cambia tu plan'),
  'account.planChange.intro': m(
    'planChange',
    'Si eliges un plan de mayor precio, el cambio es inmediato y tu próxima boleta cobra cada plan por los días que lo tuviste. Si eliges uno de menor precio, el cambio se hace en tu próximo día de facturación ({date}) y puedes cancelarlo antes.',
  ),
  'account.planChange.loading': m('planChange', 'Cargando los planes para tu línea…'),
  'account.planChange.saving': m('planChange', 'Procesando tu cambio de plan…'),
  'account.planChange.current': m('planChange', 'Tu plan actual: {name}, {price} al mes.'),
  'account.planChange.plans': m('planChange', 'Planes disponibles para tu línea'),
  'account.planChange.perMonth': m('planChange', '{price} al mes'),
  'account.planChange.kind.upgrade': m('planChange', 'Sube de plan: el cambio es hoy'),
  'account.planChange.kind.downgrade': m('planChange', 'Baja de plan: el cambio es el {date}'),
  'account.planChange.estimate': m(
    'planChange',
    'Tu próxima boleta ({date}): {fromAmount} por {fromDays} {fromDays|día|días} de tu plan actual y {toAmount} por {toDays} {toDays|día|días} del nuevo plan, en total {amount}.',
  ),
  'account.planChange.choose': m('planChange', 'Elegir {name}'),
  'account.planChange.confirm.title': m('planChange', 'Confirma tu cambio de plan'),
  'account.planChange.confirm.upgrade': m('planChange', 'Pasarás hoy al plan {name}. Desde el próximo periodo pagarás {price} al mes.'),
  'account.planChange.confirm.downgrade': m(
    'planChange',
    'Pasarás al plan {name} el {date} y desde entonces pagarás {price} al mes. Hasta ese día sigues con tu plan actual.',
  ),
  'account.planChange.confirm.submit': m('planChange', 'Confirmar el cambio'),
  'account.planChange.confirm.back': m('planChange', 'Elegir otro plan'),
  'account.planChange.done.upgrade': m('planChange', 'Listo: ya tienes el plan {name}.'),
  'account.planChange.done.downgrade': m('planChange', 'Listo: tu plan cambiará a {name} el {date}.'),
  'account.planChange.pending': m('planChange', 'Tienes un cambio programado: pasarás al plan {name} el {date}.'),
  'account.planChange.pending.cancel': m('planChange', 'Cancelar el cambio programado'),
  'account.planChange.cancelled': m('planChange', 'Cancelaste el cambio programado: sigues con tu plan.'),
  'account.planChange.thisPeriod': m('planChange', 'Ya cambiaste de plan en este periodo (al plan {name}). Podrás volver a cambiarlo desde el {date}.'),
  'account.planChange.none': m('planChange', 'No hay otros planes disponibles para tu línea.'),
  'account.planChange.prepaid': m('planChange', 'Tu línea es de prepago: para tener un plan, pásate a plan.'),
  'account.planChange.prepaid.link': m('planChange', 'Pásate a plan'),
  'account.planChange.history': m('planChange', 'Tus cambios de plan'),
  'account.planChange.history.item': m('planChange', '{from} → {to}, desde el {date}: {state}'),
  'account.planChange.state.applied': m('planChange', 'aplicado'),
  'account.planChange.state.scheduled': m('planChange', 'programado'),
  'account.planChange.state.cancelled': m('planChange', 'cancelado'),
  'account.planChange.billsLink': m('planChange', 'Ver mis boletas'),
  'account.planChange.error.plan': m('planChange', 'Elige uno de los planes disponibles para tu línea.'),
  'account.planChange.error.price': m('planChange', 'El precio de este plan cambió. Revisa el nuevo precio y vuelve a confirmar.'),
  'account.planChange.error.once': m('planChange', 'Tu línea ya tiene un cambio de plan en este periodo.'),
  'account.planChange.error.prepaid': m('planChange', 'Las líneas de prepago pasan a un plan en "Pásate a plan".'),
  'account.planChange.error.none': m('planChange', 'No tienes un cambio de plan programado que se pueda cancelar.'),
  'account.planChange.error.load': m('planChange', 'No pudimos cargar los planes de tu línea. Intenta de nuevo.'),
  'account.planChange.notice.changed.subject': m('planChange', 'Cambiaste de plan'),
  'account.planChange.notice.changed.body': m(
    'planChange',
    'Tu línea {phone} pasó del plan {from} al plan {to} el {date}. Tu próxima boleta cobra cada plan por sus días.',
  ),
  'account.planChange.notice.scheduled.subject': m('planChange', 'Cambio de plan programado'),
  'account.planChange.notice.scheduled.body': m(
    'planChange',
    'Tu línea {phone} pasará del plan {from} al plan {to} el {date}. Puedes cancelarlo antes de esa fecha.',
  ),
  'account.planChange.notice.cancelled.subject': m('planChange', 'Cancelaste tu cambio de plan'),
  'account.planChange.notice.cancelled.body': m('planChange', 'Tu línea {phone} sigue con el plan {from}: cancelaste el cambio al plan {to}.'),

  'account.bills.planChange.part': m('bills', 'Plan {name} del {from} al {to} ({days} de {periodDays} días): {amount}'),
  'account.bills.planChange.title': m('bills', 'Cambio de plan: cada plan por sus días'),
  'account.bills.charge.installment': m('bills', 'Cuota del equipo: {amount}'),
  'account.bills.charge.installment_credit': m('bills', 'Devolución de cuota ya pagada por adelantado: {amount}'),
  'account.bills.installment': m('bills', 'Cuota del equipo'),
  'account.bills.next.installmentLine': m('bills', 'Cuota {number} de {of} del equipo {name}: {amount}'),
  'account.bills.next.planChange.upgrade': m(
    'bills',
    'Cambiaste al plan {name} el {date}. Tu próxima boleta ({issuesOn}) cobra cada plan por sus días: {fromAmount} por {fromDays} {fromDays|día|días} del plan {from} y {toAmount} por {toDays} {toDays|día|días} del plan {name}, en total {amount}.',
  ),
  'account.bills.next.planChange.scheduled': m('bills', 'Cambio de plan programado: desde el {date} tendrás el plan {name}.'),
  'account.bills.next.installments': m('bills', 'Cuotas del equipo en tu próxima boleta: {amount}'),

  'account.installments.title': m('installments', 'Paga cuotas de tu equipo'),
  'account.installments.intro': m(
    'installments',
    'Adelanta cuotas de tu equipo con tarjeta: las siguientes en orden, varias o todas. Las cuotas que pagues no se cobrarán en tus próximas boletas.',
  ),
  'account.installments.loading': m('installments', 'Cargando tus cuotas…'),
  'account.installments.none': m('installments', 'Tu línea no tiene un equipo en cuotas.'),
  'account.installments.paidOff': m('installments', 'Pagaste todas las cuotas de este equipo.'),
  'account.installments.phone': m('installments', '{brand} {model}'),
  'account.installments.summary': m('installments', '{paid} de {total} cuotas pagadas. Te {left|queda|quedan} {left} por {amount}.'),
  'account.installments.list': m('installments', 'Cuotas pendientes'),
  'account.installments.item': m('installments', 'Cuota {number}: {amount}, en la boleta del {date}'),
  'account.installments.count': m('installments', 'Cuántas cuotas pagar (las siguientes, en orden)'),
  'account.installments.count.option': m('installments', '{count} {count|cuota|cuotas}: {amount}'),
  'account.installments.count.all': m('installments', 'Todas ({count}): {amount}'),
  'account.installments.total': m('installments', 'Total a pagar: {amount}'),
  'account.installments.pay': m('installments', 'Pagar {amount} con tarjeta'),
  'account.installments.redirecting': m('installments', 'Te llevamos al pago con tarjeta…'),
  'account.installments.result.approved': m('installments', 'Pago aprobado: tus cuotas quedaron pagadas y no se cobrarán en tus próximas boletas.'),
  'account.installments.result.rejected': m('installments', 'El pago fue rechazado: no se pagó ninguna cuota. Puedes intentar con otra tarjeta.'),
  'account.installments.result.aborted': m('installments', 'Cancelaste el pago: no se pagó ninguna cuota.'),
  'account.installments.result.duplicate': m('installments', 'Esas cuotas ya estaban pagadas o se cobraron en tu boleta: no se cobró este pago.'),
  'account.installments.result.unknown': m('installments', 'No pudimos confirmar el pago. Revisa tus cuotas en unos minutos antes de volver a pagar.'),
  'account.installments.history': m('installments', 'Cuotas pagadas por adelantado'),
  'account.installments.history.item': m('installments', '{phone}: {count} {count|cuota|cuotas} desde la cuota {from}, {amount}'),
  'account.installments.paidAhead': m('installments', 'Pagada por adelantado'),
  'account.installments.error.count': m('installments', 'Elige cuántas cuotas pagar: entre 1 y las que te quedan.'),
  'account.installments.error.stale': m('installments', 'Tus cuotas cambiaron mientras pagabas. Revisa las cuotas pendientes y vuelve a intentar.'),
  'account.installments.error.amount': m('installments', 'El total no corresponde a las cuotas elegidas. Revisa el total y vuelve a intentar.'),
  'account.installments.error.load': m('installments', 'No pudimos cargar tus cuotas. Intenta de nuevo.'),
} as const satisfies Record<string, MessageDef>;

const RECIBO = {
  'account.planChange.intro': m(
    'planChange',
    'Si eliges un plan de mayor precio, el cambio es inmediato y tu próximo recibo cobra cada plan por los días que lo tuviste. Si eliges uno de menor precio, el cambio se hace en tu próximo día de facturación ({date}) y puedes cancelarlo antes.',
  ),
  'account.planChange.estimate': m(
    'planChange',
    'Tu próximo recibo ({date}): {fromAmount} por {fromDays} {fromDays|día|días} de tu plan actual y {toAmount} por {toDays} {toDays|día|días} del nuevo plan, en total {amount}.',
  ),
  'account.planChange.billsLink': m('planChange', 'Ver mis recibos'),
  'account.planChange.notice.changed.body': m(
    'planChange',
    'Tu línea {phone} pasó del plan {from} al plan {to} el {date}. Tu próximo recibo cobra cada plan por sus días.',
  ),
  'account.bills.next.planChange.upgrade': m(
    'bills',
    'Cambiaste al plan {name} el {date}. Tu próximo recibo ({issuesOn}) cobra cada plan por sus días: {fromAmount} por {fromDays} {fromDays|día|días} del plan {from} y {toAmount} por {toDays} {toDays|día|días} del plan {name}, en total {amount}.',
  ),
  'account.bills.next.installments': m('bills', 'Cuotas del equipo en tu próximo recibo: {amount}'),
  'account.installments.intro': m(
    'installments',
    'Adelanta cuotas de tu equipo con tarjeta: las siguientes en orden, varias o todas. Las cuotas que pagues no se cobrarán en tus próximos recibos.',
  ),
  'account.installments.item': m('installments', 'Cuota {number}: {amount}, en el recibo del {date}'),
  'account.installments.result.approved': m('installments', 'Pago aprobado: tus cuotas quedaron pagadas y no se cobrarán en tus próximos recibos.'),
  'account.installments.result.duplicate': m('installments', 'Esas cuotas ya estaban pagadas o se cobraron en tu recibo: no se cobró este pago.'),
} as const;

export const planChangeOverrides: MessageOverrides = { cl: {}, pe: RECIBO };
