import type { MessageDef, MessageOverrides } from './messages.ts';

const m = (page: string, text: string): MessageDef => ({ page, text });

/** Messages of the phone-with-a-plan sequence on the product page and Peru's equipment picker. */
export const phonePlanMessages = {
  'phonePlan.sequence.label': m('phonePlan', 'Compra de equipo con plan'),
  'phonePlan.progress': m('phonePlan', 'Paso {n} de {total}: {step}'),
  'phonePlan.step.installments': m('phonePlan', 'Cuotas'),
  'phonePlan.step.plan': m('phonePlan', 'Plan'),
  'phonePlan.step.billing': m('phonePlan', 'Envío de {bill}'),
  'phonePlan.step.insurance': m('phonePlan', 'Seguro'),
  'phonePlan.continue': m('phonePlan', 'Continuar'),
  'phonePlan.back': m('phonePlan', 'Volver'),
  'phonePlan.cancel': m('phonePlan', 'Cancelar'),
  'phonePlan.cancelled': m('phonePlan', 'Cancelaste la compra con plan. Elige nuevamente una opción.'),
  'phonePlan.addToCart': m('phonePlan', 'Agregar equipo y plan al carro'),
  'phonePlan.adding': m('phonePlan', 'Agregando tu equipo y tu plan al carro…'),
  'phonePlan.added': m('phonePlan', 'Tu equipo y tu plan están en el carro. Te llevamos al carro en unos segundos…'),
  'phonePlan.goToCart': m('phonePlan', 'Ir al carro ahora'),

  // Blue early-renewal intro (three slides)
  'phonePlan.blue.title': m('phonePlan', '{brand} Blue, Programa de Renovación Anticipada'),
  'phonePlan.blue.slide1.title': m('phonePlan', 'Renueva tu equipo al mes 12'),
  'phonePlan.blue.slide1.body': m('phonePlan', 'Desde el mes 12 puedes cambiar tu equipo por uno nuevo, sin esperar el fin de tus cuotas.'),
  'phonePlan.blue.slide2.title': m('phonePlan', 'Seguro de protección incluido'),
  'phonePlan.blue.slide2.body': m('phonePlan', 'Tu equipo queda protegido con un seguro incluido, sin costo adicional.'),
  'phonePlan.blue.slide3.title': m('phonePlan', 'Pagas desde el mes siguiente'),
  'phonePlan.blue.slide3.body': m('phonePlan', 'Los planes Blue y los seguros se cobran a partir del mes siguiente a tu compra.'),
  'phonePlan.slides.label': m('phonePlan', 'Beneficios del programa'),
  'phonePlan.slides.slide': m('phonePlan', 'Beneficio {n} de {total}'),
  'phonePlan.slides.previous': m('phonePlan', 'Beneficio anterior'),
  'phonePlan.slides.next': m('phonePlan', 'Beneficio siguiente'),

  // installments
  'phonePlan.installments.title': m('phonePlan', 'Configura tus cuotas'),
  'phonePlan.installments.legend': m('phonePlan', 'Número de cuotas'),
  'phonePlan.installments.option': m('phonePlan', '{count} {count|cuota|cuotas} desde {quota} al mes'),
  'phonePlan.installments.required': m('phonePlan', 'Elige el número de cuotas para continuar.'),
  'phonePlan.installments.none': m('phonePlan', 'Este equipo no tiene cuotas disponibles en este momento.'),

  // plan choice
  'phonePlan.plan.title': m('phonePlan', 'Selecciona el plan Blue que más te acomode'),
  'phonePlan.plan.titleOther': m('phonePlan', 'Selecciona el plan que más te acomode'),
  'phonePlan.plan.required': m('phonePlan', 'Elige un plan para continuar.'),
  'phonePlan.plan.loading': m('phonePlan', 'Cargando planes…'),
  'phonePlan.plan.error': m('phonePlan', 'No pudimos cargar los planes. Inténtalo nuevamente.'),
  'phonePlan.plan.retry': m('phonePlan', 'Reintentar'),
  'phonePlan.plan.none': m('phonePlan', 'No hay planes disponibles para este equipo.'),
  'phonePlan.plan.quota': m('phonePlan', 'Pie {initial} y {count} {count|cuota|cuotas} de {quota}'),

  // insurance
  'phonePlan.insurance.title': m('phonePlan', 'Selecciona el seguro que más te acomode'),
  'phonePlan.insurance.none': m('phonePlan', 'No hay seguros disponibles para este equipo.'),
  'phonePlan.insurance.optional': m('phonePlan', 'El seguro es opcional: puedes continuar sin elegir uno.'),
  'phonePlan.insurance.included': m('phonePlan', 'Incluido sin costo en tu plan Blue.'),

  // summary
  'phonePlan.summary.title': m('phonePlan', 'Resumen'),
  'phonePlan.summary.phone': m('phonePlan', 'Equipo: {name}'),
  'phonePlan.summary.plan': m('phonePlan', 'Plan: {name}, {price} al mes'),
  'phonePlan.summary.installments': m('phonePlan', 'Cuotas: pie {initial} y {count} {count|cuota|cuotas} de {quota}'),

  // campaign carousel
  'phonePlan.campaign.title': m('phonePlan', 'Equipo seleccionado'),
  'phonePlan.campaign.label': m('phonePlan', 'Equipos de la campaña {name}'),
  'phonePlan.campaign.item': m('phonePlan', 'Equipo {n} de {total}'),
  'phonePlan.campaign.selected': m('phonePlan', 'Tu equipo'),
  'phonePlan.campaign.price': m('phonePlan', 'Precio campaña {price}'),
  'phonePlan.campaign.backCamera': m('phonePlan', 'Cámara trasera: {value}'),
  'phonePlan.campaign.frontCamera': m('phonePlan', 'Cámara frontal: {value}'),
  'phonePlan.campaign.cpu': m('phonePlan', 'Procesador: {value}'),
  'phonePlan.campaign.pause': m('phonePlan', 'Pausar carrusel'),
  'phonePlan.campaign.play': m('phonePlan', 'Reanudar carrusel'),
  'phonePlan.campaign.previous': m('phonePlan', 'Equipo anterior'),
  'phonePlan.campaign.next': m('phonePlan', 'Equipo siguiente'),
  'phonePlan.campaign.conditions': m('phonePlan', 'Acepto las condiciones comerciales'),
  'phonePlan.campaign.conditionsRequired': m('phonePlan', 'Debes aceptar las condiciones comerciales para continuar.'),

  // Peru equipment picker
  'phonePlan.picker.title': m('phonePlan', 'Elige un equipo asociado al plan seleccionado'),
  'phonePlan.picker.plan': m('phonePlan', 'Plan seleccionado: {name}'),
  'phonePlan.picker.legend': m('phonePlan', 'Equipos disponibles'),
  'phonePlan.picker.required': m('phonePlan', 'Acepta las condiciones comerciales y elige un equipo para continuar.'),
  'phonePlan.picker.going': m('phonePlan', 'Elegiste {name}. Te llevamos al detalle del equipo en unos segundos…'),
  'phonePlan.picker.empty': m('phonePlan', 'Esta campaña no tiene equipos disponibles.'),
  'phonePlan.picker.link': m('phonePlan', 'Ver otros equipos asociados a este plan'),
  'phonePlan.picker.outOfStock': m('phonePlan', 'Sin stock'),

  // renewal visit (from the renewal catalogue)
  'renewal.price': m('product', 'Precio de renovación para tu línea, comprando solo el equipo. Precio normal: {price}.'),
  'renewal.signIn': m('product', 'La renovación es para clientes {brand}: inicia sesión para ver tu precio de renovación.'),
  'renewal.signInLink': m('product', 'Iniciar sesión para renovar'),
  'renewal.chosenPlan': m('catalogue', 'Plan elegido para tu renovación: {name}, {price} al mes.'),
  'renewal.changePlan': m('catalogue', 'Cambiar plan'),
  'renewal.choosePlan': m('catalogue', 'Elige el plan de tu renovación'),
  'renewal.line.legend': m('product', 'Línea cuyo equipo renuevas'),
  'renewal.line.option': m('product', 'Línea {phone}'),
  'renewal.line.none': m('product', 'Ninguna de tus líneas puede renovar su equipo ahora.'),
  'renewal.line.choose': m('product', 'Elige la línea para añadir el equipo al carro.'),
  'renewal.forLine': m('cart', 'Renovación para la línea {phone}'),

  // errors
  'pp.error.cart.renewal.login': m('errors', 'Inicia sesión para renovar tu equipo.'),
  'pp.error.cart.renewal.product': m('errors', 'Este equipo no está disponible para renovación.'),
  'pp.error.cart.renewal.quantity': m('errors', 'La renovación es de un equipo: ya tienes este equipo en tu carro.'),
  'pp.error.cart.renewal.combined': m('errors', 'La renovación es solo del equipo: no se combina con un plan ni con una campaña.'),
  'pp.error.cart.renewal.line': m('errors', 'Elige la línea cuyo equipo quieres renovar.'),
  'pp.error.cart.renewal.lineInCart': m('errors', 'Ya tienes en tu carro la renovación de la línea {phone}: se renueva un equipo por línea.'),
  'pp.error.cart.renewal.owner': m('errors', 'La línea {phone} no es una de tus líneas.'),
  'pp.error.cart.renewal.cut': m('errors', 'La línea {phone} está suspendida por deuda: paga tu {bill} para renovar su equipo.'),
  'pp.error.cart.renewal.inactive': m('errors', 'La línea {phone} está suspendida: por ahora no puede renovar su equipo.'),
  'pp.error.cart.renewal.kind': m('errors', 'La línea {phone} es de prepago: la renovación de equipo es para líneas con plan.'),
  'pp.error.cart.renewal.blue': m('errors', 'El equipo de la línea {phone} es {brand} Blue: podrás renovarlo desde el mes 12, el {date}.'),
  'phonePlan.error.campaign': m('errors', 'La campaña no existe o ya no está vigente.'),
  'phonePlan.error.campaignId': m('errors', 'La campaña indicada no es válida.'),
} satisfies Record<string, MessageDef>;

export const phonePlanOverrides: MessageOverrides = {
  cl: {},
  // Peru's wording comes from {bill} ("recibo de servicios")
  pe: {},
};
