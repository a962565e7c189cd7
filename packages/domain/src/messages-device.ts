import type { MessageDef, MessageOverrides } from './messages.ts';

const m = (page: string, text: string): MessageDef => ({ page, text });

/** Messages of blocking, unblocking, the step-up and the SIM change (see messages.ts for how the store resolves them). */
export const deviceMessages = {
  'device.nav.block': m('device', 'Bloquear línea o equipo'),
  'device.nav.unblock': m('device', 'Desbloquear'),
  'device.nav.simChange': m('device', 'Cambiar chip'),
  'device.nav.renewal': m('device', 'Renovar equipo'),
  'device.nav.insurance': m('device', 'Seguro de tu equipo'),

  // block
  'device.block.title': m('device', 'Bloquea tu línea o tu equipo'),
  'device.block.intro': m('device', 'Si te robaron o perdiste tu celular, bloquéalo ahora: el bloqueo es inmediato y nadie podrá usar tu línea ni tu equipo.'),
  'device.block.reason': m('device', '¿Qué pasó?'),
  'device.block.reason.SROBO': m('device', 'Me lo robaron con violencia o intimidación'),
  'device.block.reason.SHURT': m('device', 'Me lo hurtaron (sin que me diera cuenta)'),
  'device.block.reason.SEXTR': m('device', 'Lo perdí'),
  'device.block.reason.SPEBI': m('device', 'Quiero bloquearlo por otro motivo personal'),
  'device.block.reason.SADBI': m('device', 'Bloqueo administrativo'),
  'device.block.reason.SPEUN': m('device', 'Suspensión por deuda'),
  'device.block.reason.RENUNCIA': m('device', 'Término de contrato'),
  'device.block.type': m('device', '¿Qué quieres bloquear?'),
  'device.block.type.sim': m('device', 'Solo la línea (chip)'),
  'device.block.type.sim.help': m('device', 'Nadie podrá llamar, enviar SMS ni navegar con tu número. Conservas tu número y tu plan.'),
  'device.block.type.phone': m('device', 'Solo el equipo (IMEI)'),
  'device.block.type.phone.help': m('device', 'Informamos el IMEI a la lista central: el equipo no funcionará en ninguna compañía. Tu línea sigue activa.'),
  'device.block.type.all': m('device', 'La línea y el equipo'),
  'device.block.type.all.help': m('device', 'Bloqueamos el chip y el IMEI a la vez.'),
  'device.block.forced': m('device', 'Por lo que nos cuentas bloquearemos la línea y el equipo.'),
  'device.block.imei': m('device', 'Equipo'),
  'device.block.imei.other': m('device', 'Otro equipo (escribe su IMEI)'),
  'device.block.imei.typed': m('device', 'IMEI de 15 dígitos (márcalo con *#06#)'),
  'device.block.policeReport': m('device', 'Número de parte o constancia de denuncia'),
  'device.block.policeReport.help': m('device', 'Carabineros o la PDI te lo entregan al hacer la denuncia. Lo necesitarás para desbloquear.'),
  'device.block.submit': m('device', 'Bloquear ahora'),
  'device.block.done': m('device', 'Listo: bloqueamos tu {what}.'),
  'device.block.done.what.sim': m('device', 'línea'),
  'device.block.done.what.phone': m('device', 'equipo'),
  'device.block.done.what.all': m('device', 'línea y tu equipo'),
  'device.block.reportCode': m('device', 'Tu código de reporte es {code}. Guárdalo: te lo pediremos para desbloquear.'),
  'device.block.registry': m('device', 'Informamos el IMEI {imei} a la lista central de equipos bloqueados (comprobante {reference}).'),
  'device.block.current': m('device', 'Bloqueos vigentes'),
  'device.block.none': m('device', 'Esta línea no tiene bloqueos.'),
  'device.block.item': m('device', '{type} · {reason} · desde el {date}'),
  'device.block.toUnblock': m('device', 'Recuperaste tu equipo: desbloquéalo'),

  // step-up
  'device.stepUp.title': m('device', 'Confirma que eres tú'),
  'device.stepUp.intro': m('device', 'Por tu seguridad te enviaremos un código a tu correo registrado (no a esta línea).'),
  'device.stepUp.send': m('device', 'Enviar código a mi correo'),
  'device.stepUp.sent': m('device', 'Enviamos un código de 6 dígitos a {email}. Vence en 10 minutos.'),
  'device.stepUp.code': m('device', 'Código recibido por correo'),
  'device.stepUp.questions': m('device', 'Responde estas preguntas sobre tu documento'),
  'device.stepUp.report': m('device', 'Número de parte o constancia de denuncia que diste al bloquear'),
  'device.stepUp.confirm': m('device', 'Confirmar'),
  'device.stepUp.verified': m('device', 'Listo, confirmamos tu identidad.'),
  'device.stepUp.restart': m('device', 'Pedir un código nuevo'),
  'device.stepUp.email.subject': m('device', 'Tu código de seguridad {brand}'),
  'device.stepUp.email.body': m(
    'device',
    'Hola {name}: tu código para confirmar el cambio en tu línea es {code}. Vence en 10 minutos. Si no lo pediste tú, no lo compartas y llámanos.',
  ),

  // unblock
  'device.unblock.title': m('device', 'Desbloquea tu línea o tu equipo'),
  'device.unblock.intro': m('device', 'Solo el titular puede desbloquear. Confirma que eres tú y levantaremos los bloqueos de inmediato.'),
  'device.unblock.submit': m('device', 'Desbloquear ahora'),
  'device.unblock.done': m('device', 'Listo: desbloqueamos tu línea. Ya puedes usarla.'),

  // SIM change
  'device.sim.title': m('device', 'Cambia tu chip'),
  'device.sim.intro': m('device', 'Pide un chip nuevo o un eSIM con tu mismo número. Al activarlo, el chip anterior deja de funcionar.'),
  'device.sim.current': m('device', 'Chip actual: {iccid}'),
  'device.sim.delivery': m('device', '¿Cómo quieres recibirlo?'),
  'device.sim.delivery.delivery': m('device', 'Despacho a domicilio'),
  'device.sim.delivery.pickup': m('device', 'Retiro en tienda'),
  'device.sim.delivery.esim': m('device', 'eSIM (se activa al instante)'),
  'device.sim.address': m('device', 'Dirección de despacho'),
  'device.sim.store': m('device', 'Tienda'),
  'device.sim.request': m('device', 'Pedir chip nuevo'),
  'device.sim.pending': m('device', 'Tu chip nuevo ({iccid}) está en camino. Cuando lo tengas, escribe los 20 dígitos impresos en él para activarlo.'),
  'device.sim.iccid': m('device', 'Número del chip (ICCID, 20 dígitos)'),
  'device.sim.activate': m('device', 'Activar chip'),
  'device.sim.done': m('device', 'Listo: tu línea ya funciona con el chip {iccid}. El anterior dejó de funcionar.'),
  'device.sim.coolDown': m('device', 'Por seguridad, hasta el {until} no podrás recuperar tu clave por SMS ni transferir saldo desde esta línea.'),
  'device.sim.history': m('device', 'Cambios de chip'),
  'device.sim.history.item': m('device', '{date}: {delivery}, chip {iccid}'),
  'device.sim.history.none': m('device', 'Esta línea no ha cambiado de chip.'),

  // renewal entry (the renewal journey itself is the catalogue's)
  'device.renewal.title': m('device', 'Renueva tu equipo'),
  'device.renewal.intro': m('device', 'Cambia tu equipo por uno nuevo con precio de cliente, manteniendo tu número.'),
  'device.renewal.eligible': m('device', 'Tu línea {phone} puede renovar su equipo ahora.'),
  'device.renewal.phones': m('device', 'Ver equipos para renovar'),
  'device.renewal.plans': m('device', 'Elegir el plan de tu renovación'),
  'device.renewal.from': m('device', 'Podrás renovar desde el {date}.'),

  // notices to the customer (e-mail and notifications)
  'device.notice.blocked.subject': m('device', 'Bloqueamos tu línea {phone}'),
  'device.notice.blocked.body': m('device', 'Hola {name}: registramos el bloqueo que pediste para la línea {phone}. Para desbloquear, ingresa a Mi cuenta.'),
  'device.notice.unblocked.subject': m('device', 'Desbloqueamos tu línea {phone}'),
  'device.notice.unblocked.body': m('device', 'Hola {name}: levantamos los bloqueos de la línea {phone}. Si no fuiste tú, llámanos de inmediato.'),
  'device.notice.simChanged.subject': m('device', 'Cambiamos el chip de tu línea {phone}'),
  'device.notice.simChanged.body': m(
    'device',
    'Hola {name}: la línea {phone} ya funciona con un chip nuevo. Por seguridad, hasta el {until} no se podrá recuperar la clave por SMS ni transferir saldo. Si no fuiste tú, llámanos de inmediato.',
  ),

  // errors
  'device.error.reason': m('device', 'Elige qué pasó'),
  'device.error.blockType': m('device', 'Elige qué quieres bloquear'),
  'device.error.imei': m('device', 'Elige tu equipo o escribe su IMEI de 15 dígitos'),
  'device.error.policeReport': m('device', 'Ingresa el número de parte o constancia de denuncia'),
  'device.error.line.blocked': m('device', 'Esta línea está bloqueada. Desbloquéala para comprar, canjear o transferir.'),
  'device.error.stepUp.code': m('device', 'El código no es correcto. Revisa el correo que te enviamos.'),
  'device.error.stepUp.expired': m('device', 'El código venció o ya no admite más intentos. Pide un código nuevo.'),
  'device.error.stepUp.required': m('device', 'Antes debes confirmar que eres tú con el código de tu correo.'),
  'device.error.stepUp.noEmail': m('device', 'No tienes un correo registrado. Agrégalo en tus datos personales para continuar.'),
  'device.error.stepUp.emailChanged': m(
    'device',
    'Cambiaste tu correo hace poco. Por tu seguridad, lo que confirmamos con un código a tu correo (cambio de chip o de número, desbloqueo, Línea Smart) estará disponible {hours} horas después del cambio. Si no fuiste tú, llámanos o acércate a una tienda.',
  ),
  'device.error.unblockPending': m(
    'device',
    'Registramos tu desbloqueo, pero la lista central de equipos bloqueados no respondió. Tu línea sigue bloqueada mientras tanto: lo terminaremos apenas responda y te avisaremos por correo. No necesitas validar de nuevo.',
  ),
  'device.unblock.pending': m('device', 'Desbloqueo en curso: esperamos que la lista central de equipos bloqueados lo confirme. Te avisaremos por correo.'),
  'device.error.stepUp.report': m('device', 'El número no coincide con el que diste al bloquear.'),
  'device.error.stepUp.identity': m('device', 'Las respuestas no son correctas. Pide un código nuevo para intentarlo otra vez.'),
  'device.error.sim.pending': m('device', 'Ya tienes un chip nuevo en camino. Actívalo con su número antes de pedir otro.'),
  'device.error.sim.noPending': m('device', 'No tienes un chip nuevo por activar.'),
  'device.error.sim.delivery': m('device', 'Elige cómo quieres recibir el chip'),
  'device.error.sim.store': m('device', 'Elige una tienda'),
  'device.error.sim.address': m('device', 'Ingresa la dirección de despacho'),
  'device.error.iccid': m('device', 'El número del chip tiene 20 dígitos y no es válido. Revísalo.'),
  'device.error.iccid.other': m('device', 'Ese no es el chip que te enviamos. Revisa el número impreso en él.'),
  'device.error.coolDown.smsRecovery': m(
    'device',
    'Esta línea cambió de chip hace poco: por seguridad no enviamos códigos por SMS a ella durante {hours} {hours|hora|horas} más. Recupera tu clave en una tienda o llámanos.',
  ),
  'device.error.coolDown.balanceTransfer': m(
    'device',
    'Esta línea cambió de chip hace poco: por seguridad no puedes transferir saldo durante {hours} {hours|hora|horas} más.',
  ),
} satisfies Record<string, MessageDef>;

/** Peru's wording: the customer keeps the report code, and signs in with a password. */
export const deviceOverrides: MessageOverrides = {
  cl: {},
  pe: {
    'device.stepUp.report': m('device', 'Código de reporte que te dimos al bloquear'),
    'device.error.stepUp.report': m('device', 'El código no coincide con el código de reporte que te dimos.'),
    'device.error.coolDown.smsRecovery': m(
      'device',
      'Esta línea cambió de chip hace poco: por seguridad no enviamos códigos por SMS a ella durante {hours} {hours|hora|horas} más. Recupera tu contraseña en una tienda o llámanos.',
    ),
  },
};
