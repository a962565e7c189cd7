import type { MessageDef, MessageOverrides } from './messages.ts';

const m = (page: string, text: string): MessageDef => ({ page, text });

/** Messages of the temporary suspension (see messages.ts for how the store resolves them). */
export const suspensionMessages = {
  'suspension.title': m('suspension', 'Suspensión temporal de tu línea'),
  'suspension.intro': m(
    'suspension',
    '¿Te vas de viaje o quieres una pausa? Suspende tu línea entre {min} y {max} días, hasta {year} días al año. Conservas tu número, tu plan y tus puntos.',
  ),
  'suspension.billed': m('suspension', 'Mientras tu línea está suspendida tu plan se sigue cobrando.'),
  'suspension.free': m('suspension', 'La suspensión es gratuita: no pagas tu plan por los días suspendidos (el descuento llega en tu próxima boleta).'),
  'suspension.daysLeft': m('suspension', 'Te quedan {days} {days|día|días} de suspensión este año.'),
  'suspension.loading': m('suspension', 'Procesando tu solicitud…'),
  'suspension.form.title': m('suspension', 'Programa tu suspensión'),
  'suspension.reason': m('suspension', 'Motivo'),
  'suspension.reason.travel': m('suspension', 'Viaje'),
  'suspension.reason.break': m('suspension', 'Pausa'),
  'suspension.startsOn': m('suspension', 'Desde (primer día suspendido)'),
  'suspension.endsOn': m('suspension', 'Hasta (último día suspendido)'),
  'suspension.dates.help': m('suspension', 'Fechas en hora de {country}. Puedes empezar hoy o dentro de los próximos {lead} días.'),
  'suspension.submit': m('suspension', 'Suspender mi línea'),
  'suspension.current.title': m('suspension', 'Tu suspensión'),
  'suspension.current.scheduled': m('suspension', 'Tu línea se suspenderá del {from} al {to} ({days} {days|día|días}).'),
  'suspension.current.active': m('suspension', 'Tu línea está suspendida del {from} al {to}. Volverá a funcionar el día siguiente.'),
  'suspension.end': m('suspension', 'Terminar la suspensión ahora'),
  'suspension.end.scheduled': m('suspension', 'Cancelar la suspensión'),
  'suspension.ended': m('suspension', 'Listo: tu línea está activa otra vez.'),
  'suspension.scheduled': m('suspension', 'Listo: programamos tu suspensión.'),
  'suspension.history': m('suspension', 'Suspensiones anteriores'),
  'suspension.history.item': m('suspension', '{reason}: del {from} al {to}, {days} {days|día|días}'),
  'suspension.history.credit': m('suspension', 'descuento de {amount}'),
  'suspension.notice.scheduled.subject': m('suspension', 'Suspensión temporal programada'),
  'suspension.notice.scheduled.body': m('suspension', 'Tu línea {phone} estará suspendida del {from} al {to}. Puedes terminarla antes cuando quieras.'),
  'suspension.notice.ended.subject': m('suspension', 'Tu línea está activa'),
  'suspension.notice.ended.body': m('suspension', 'Terminaste la suspensión de tu línea {phone}: ya puedes usarla.'),
  'suspension.error.reason': m('suspension', 'Elige el motivo.'),
  'suspension.error.start': m('suspension', 'Elige un primer día desde hoy hasta dentro de 30 días.'),
  'suspension.error.end': m('suspension', 'Elige un último día igual o posterior al primero.'),
  'suspension.error.length': m('suspension', 'La suspensión debe durar entre los días mínimos y máximos indicados.'),
  'suspension.error.yearly': m('suspension', 'Superas los días de suspensión que te quedan este año.'),
  'suspension.error.exists': m('suspension', 'Tu línea ya tiene una suspensión programada o en curso.'),
  'suspension.error.none': m('suspension', 'Tu línea no tiene una suspensión en curso.'),
  'suspension.error.lineNotActive': m('suspension', 'Solo puedes suspender una línea activa (sin bloqueo ni corte por deuda).'),
  'suspension.error.line.suspended': m('suspension', 'Esta línea está suspendida. Termina la suspensión para comprar, canjear o transferir.'),
} as const satisfies Record<string, MessageDef>;

export const suspensionOverrides: MessageOverrides = {
  cl: {
    'suspension.error.length': m('suspension', 'La suspensión debe durar entre 7 y 60 días.'),
  },
  pe: {
    'suspension.error.length': m('suspension', 'La suspensión debe durar entre 15 días y 2 meses (60 días).'),
    'suspension.free': m('suspension', 'La suspensión es gratuita: no pagas tu plan por los días suspendidos (el descuento llega en tu próximo recibo).'),
  },
};
