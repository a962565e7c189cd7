import type { MessageDef, MessageOverrides } from './messages.ts';

const m = (page: string, text: string): MessageDef => ({ page, text });

/** Messages of the captive portal's host (/activacionpost, /roamingpostbolsas; decision 023). */
export const captiveMessages = {
  'captive.error.unidentified': m(
    'captive',
    'No pudimos identificar tu línea. Esta página solo se abre desde la red móvil de tu línea: desactiva el Wi-Fi y vuelve a intentarlo, o ingresa a tu cuenta en el sitio.',
  ),
  'captive.error.notYourLine': m('captive', 'La línea que viste ya no es la de este teléfono. Vuelve a abrir la página para ver tu línea.'),
  'captive.error.notPending': m('captive', 'Tu línea no está esperando activación: ya está activa o no es una línea de plan por activar.'),
  'captive.error.bagNotFound': m('captive', 'No encontramos esa compra en tu línea.'),
  'captive.refused.title': m('captive', 'No pudimos identificar tu línea'),
  'captive.roaming.title': m('captive', 'Bolsas de roaming'),
  'captive.roaming.intro': m('captive', 'Elige la bolsa para la zona a la que viajas. Se activa al instante en tu línea {phone}.'),
  'captive.roaming.zone': m('captive', 'Zona {zone}'),
  'captive.roaming.validity': m('captive', 'Vigencia: {days} {days|día|días}'),
  'captive.roaming.choose': m('captive', 'Elegir {name}'),
  'captive.roaming.empty': m('captive', 'Por ahora no hay bolsas de roaming a la venta.'),
  'captive.confirm.title': m('captive', 'Confirma tu compra'),
  'captive.confirm.summary': m('captive', '{name} para la línea {phone}: {price}.'),
  'captive.confirm.payment': m('captive', 'Cómo pagas'),
  'captive.confirm.submit': m('captive', 'Comprar por {price}'),
  'captive.confirm.back': m('captive', 'Elegir otra bolsa'),
  'captive.payment.balance': m('captive', 'Con el saldo de tu línea'),
  'captive.payment.bill': m('captive', 'En tu próxima boleta'),
  'captive.payment.card': m('captive', 'Con tarjeta de crédito o débito'),
  'captive.done.title': m('captive', '¡Listo! Compraste tu bolsa'),
  'captive.done.body': m('captive', 'Compraste {name} para la línea {phone}. Puedes usarla hasta el {until}.'),
  'captive.done.card': m('captive', 'Pagaste {price} con tarjeta.'),
  'captive.failed.title': m('captive', 'No pudimos completar tu compra'),
  'captive.failed.body': m('captive', 'No se hizo ningún cargo. Revisa tu saldo o elige otra bolsa.'),
  'captive.failed.balance': m('captive', 'Tu saldo no alcanza para esta bolsa. Recarga tu línea y vuelve a intentarlo; no se hizo ningún cargo.'),
  'captive.failed.payment': m('captive', 'El pago no se completó, así que tu línea sigue igual y no se hizo ningún cargo.'),
  'captive.activation.title': m('captive', 'Cámbiate a plan'),
  'captive.activation.intro': m('captive', 'Tu línea {phone} se queda con su número y su chip. Eliges el plan y pagas el primer mes con tarjeta.'),
  'captive.activation.charge': m('captive', 'Pagas hoy {amount}'),
  'captive.activation.summary': m('captive', 'Tu línea {phone} pasa al plan {plan}. Pagas hoy {amount} con tarjeta, el primer mes del plan.'),
  'captive.activation.submit': m('captive', 'Pagar {amount} con tarjeta'),
  // the migration capability's blockers (migrationBlocker), by the last part of their key
  'captive.activation.blocked.notPrepaid': m('captive', 'Tu línea ya tiene plan: solo las líneas prepago pueden cambiarse a plan.'),
  'captive.activation.blocked.lineInactive': m('captive', 'Tu línea no está activa, así que todavía no puede cambiarse a plan.'),
  'captive.activation.back': m('captive', 'Elegir otro plan'),
  'captive.activation.done.title': m('captive', '¡Listo! Tu línea ya tiene plan'),
  'captive.activation.done.body': m('captive', 'Tu línea {phone} ya está en el plan {plan}. Pagaste {amount}: el primer mes del plan, desde hoy.'),
  'captive.activation.done.order': m('captive', 'Número de orden: {order}'),
  'captive.pending.title': m('captive', 'Activa tu línea'),
  'captive.pending.summary': m(
    'captive',
    'Tu línea {phone} del plan {plan} está lista. Pusiste su chip en este teléfono: actívala ahora y empieza a usarla. Tu plan se factura desde hoy.',
  ),
  'captive.pending.submit': m('captive', 'Activar mi línea'),
  'captive.pending.done.title': m('captive', '¡Listo! Tu línea está activa'),
  'captive.pending.done.body': m('captive', 'Tu línea {phone} del plan {plan} está activa desde el {since}. Reinicia tu teléfono si aún no navegas.'),
  'captive.failed.activation': m('captive', 'No activamos tu línea: ya está activa o no es una línea de plan por activar. No se hizo ningún cargo.'),
  'captive.failed.retry': m('captive', 'Volver a las bolsas'),
};

export const captiveOverrides: MessageOverrides = {
  cl: {},
  pe: {
    'captive.payment.bill': m('captive', 'En tu próximo recibo de servicios'),
  },
};
