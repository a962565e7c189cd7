import type { MessageDef } from './messages.ts';

const m = (page: string, text: string): MessageDef => ({ page, text });

/** Messages of the number change (see messages.ts for how the store resolves them). */
export const numberingMessages = {
  'numbering.title': m('numbering', 'Cambia tu número'),
  'numbering.intro': m(
    'numbering',
    'Elige un número nuevo para tu línea. Conservas tu plan, tu saldo, tus números frecuentes y tus puntos; tu número actual queda en reserva y nadie lo recibirá por un tiempo.',
  ),
  'numbering.current': m('numbering', 'Tu número actual: {phone}'),
  'numbering.offer': m('numbering', 'Ver números disponibles'),
  'numbering.offered': m('numbering', 'Elige uno de estos números'),
  'numbering.reservedUntil': m('numbering', 'Los reservamos para ti hasta las {time}.'),
  'numbering.stepUp': m('numbering', 'Para cambiar tu número confirmamos que eres tú'),
  'numbering.confirm': m('numbering', 'Cambiar mi número a {phone}'),
  'numbering.loading': m('numbering', 'Procesando tu solicitud…'),
  'numbering.done': m('numbering', 'Listo: tu línea ahora es el {phone}.'),
  'numbering.history': m('numbering', 'Cambios de número'),
  'numbering.history.item': m('numbering', '{old} → {phone}, el {date}'),
  'numbering.notice.changed.subject': m('numbering', 'Cambiamos tu número'),
  'numbering.notice.changed.body': m('numbering', 'Hola {name}: tu línea {old} ahora es el {phone}. Si no fuiste tú, llámanos de inmediato.'),
  'numbering.error.none': m('numbering', 'No tenemos números disponibles ahora. Inténtalo más tarde.'),
  'numbering.error.pick': m('numbering', 'Elige uno de los números.'),
  'numbering.error.notReserved': m('numbering', 'Ese número ya no está reservado para ti. Pide números disponibles otra vez.'),
} as const satisfies Record<string, MessageDef>;
