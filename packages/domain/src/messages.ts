import type { SiteId } from './market.ts';
import type { Catalogue, MessageDef, MessageTexts } from './message-format.ts';
import { fallbackMessages } from './messages-fallback.ts';
import { shopMessages, shopOverrides } from './messages-shop.ts';
import { accountMessages, accountOverrides } from './messages-account.ts';
import { portabilityMessages, portabilityOverrides } from './messages-portability.ts';
import { phonePlanMessages, phonePlanOverrides } from './messages-phone-plan.ts';
import { plansMessages, plansOverrides } from './messages-plans.ts';
import { checkoutMessages, checkoutOverrides } from './messages-checkout.ts';
import { migrationMessages, migrationOverrides } from './messages-migration.ts';
import { claimsMessages } from './messages-claims.ts';
import { deviceMessages, deviceOverrides } from './messages-device.ts';
import { suspensionMessages, suspensionOverrides } from './messages-suspension.ts';
import { planChangeMessages, planChangeOverrides } from './messages-plan-change.ts';
import { numberingMessages } from './messages-numbering.ts';
import { captiveMessages, captiveOverrides } from './messages-captive.ts';
import { callbackMessages, callbackOverrides } from './messages-callback.ts';
import { insuranceMessages, insuranceOverrides, smartLineMessages } from './messages-insurance.ts';
import { activationMessages, activationOverrides } from './messages-activation.ts';

export * from './message-format.ts';

/** Per-market replacements of a feature's messages (Peru's wording where it differs). */
export type MessageOverrides = Record<SiteId, Record<string, MessageDef>>;

const common = {
  // shell
  ...fallbackMessages,
  'shell.skip': { page: 'shell', text: 'Saltar al contenido' },
  'shell.nav.phones': { page: 'shell', text: 'Equipos' },
  'shell.nav.plans': { page: 'shell', text: 'Planes' },
  'shell.nav.accessories': { page: 'shell', text: 'Accesorios' },
  'shell.nav.unlocked': { page: 'shell', text: 'Liberados' },
  'shell.nav.account': { page: 'shell', text: 'Mi cuenta' },
  'shell.nav.cart': { page: 'shell', text: 'Carro de compras' },
  'shell.nav.cartShort': { page: 'shell', text: 'Carro' },
  'shell.nav.label': { page: 'shell', text: 'Navegación principal' },
  'shell.menu': { page: 'shell', text: 'Menú' },
  'shell.search.label': { page: 'shell', text: 'Buscar en la tienda' },
  'shell.search.placeholder': { page: 'shell', text: 'Equipos, accesorios o planes' },
  'shell.search.submit': { page: 'shell', text: 'Buscar' },
  'shell.search.suggestions': { page: 'shell', text: 'Sugerencias' },
  'shell.search.seeAll': { page: 'shell', text: 'Ver todos los resultados' },
  'shell.search.count': { page: 'shell', text: '{count} {count|sugerencia|sugerencias}. Usa las flechas para recorrerlas.' },
  'shell.search.none': { page: 'shell', text: 'Sin sugerencias' },
  'shell.login': { page: 'shell', text: 'Ingresar' },
  'shell.logout': { page: 'shell', text: 'Cerrar sesión' },
  'shell.greeting': { page: 'shell', text: 'Hola, {name}' },
  'shell.avatarAlt': { page: 'shell', text: 'Foto de perfil de {name}' },
  'shell.loading': { page: 'shell', text: 'Cargando…' },
  'shell.close': { page: 'shell', text: 'Cerrar' },
  'shell.callback': { page: 'shell', text: '¿Necesitas ayuda? Te llamamos' },
  'shell.callback.button': { page: 'shell', text: 'Te llamamos' },
  'shell.callback.label': { page: 'shell', text: 'Te llamamos: deja tu número y un ejecutivo te llama' },
  'shell.footer.support': { page: 'shell', text: 'Ayuda y soporte' },
  'shell.footer.stores': { page: 'shell', text: 'Encuentra tu tienda' },
  'shell.footer.apps': { page: 'shell', text: 'Descarga la app Mi {brand}' },
  'shell.footer.appStore': { page: 'shell', text: 'App Store' },
  'shell.footer.googlePlay': { page: 'shell', text: 'Google Play' },
  'shell.footer.whatsapp': { page: 'shell', text: 'Compra por WhatsApp' },
  'shell.footer.rights': { page: 'shell', text: '© {year} {brand} {country}. Todos los derechos reservados.' },
  'shell.footer.label': { page: 'shell', text: 'Enlaces de ayuda' },
  'shell.footer.claimsBook': { page: 'shell', text: 'Libro de Reclamaciones' },
  'shell.seeDetail': { page: 'shell', text: 'Ver detalle' },
  'shell.hideDetail': { page: 'shell', text: 'Ocultar detalle' },
  'shell.notFound.body': { page: 'shell', text: 'Puede que el enlace esté mal escrito o que la página ya no exista.' },
  'shell.badRequest.title': { page: 'shell', text: 'No pudimos leer tu solicitud' },
  'shell.badRequest.body': {
    page: 'shell',
    text: 'Lo que enviaste tiene datos o caracteres que no podemos leer. Vuelve atrás, revísalo y vuelve a intentarlo.',
  },
  'shell.tooMany.title': { page: 'shell', text: 'Demasiadas solicitudes' },
  'shell.backHome': { page: 'shell', text: 'Volver al inicio' },
  'shell.consent.label': { page: 'shell', text: 'Cookies de medición' },
  'shell.consent.body': {
    page: 'shell',
    text: 'Usamos cookies para medir cómo se usa el sitio y mejorar tu experiencia. Solo las activamos si las aceptas.',
  },
  'shell.consent.accept': { page: 'shell', text: 'Aceptar' },
  'shell.consent.reject': { page: 'shell', text: 'Rechazar' },

  // public help and store locator (footer links)
  'help.title': { page: 'help', text: 'Ayuda y soporte' },
  'help.intro': { page: 'help', text: 'Estamos para ayudarte con tus compras, tu línea y tu cuenta {brand}.' },
  'help.contact': { page: 'help', text: 'Contáctanos' },
  'help.phone': { page: 'help', text: 'Llámanos al' },
  'help.hours': { page: 'help', text: 'Atendemos de lunes a domingo, de 8:00 a 22:00.' },
  'help.topics': { page: 'help', text: 'Lo más consultado' },
  'help.forgot': { page: 'help', text: '¿Olvidaste tu clave? Recupérala con un código por SMS' },
  'help.account': { page: 'help', text: 'Envíanos una solicitud sobre tu línea' },
  'help.accountSignIn': { page: 'help', text: 'Ingresa a tu cuenta para enviarnos una solicitud sobre tu línea' },
  'stores.title': { page: 'stores', text: 'Encuentra tu tienda' },
  'stores.intro': { page: 'stores', text: 'Tenemos {count} tiendas en {country}. Compra, retira tus pedidos y resuelve tus dudas con nuestros ejecutivos.' },
  'stores.filter.all': { page: 'stores', text: 'Todas' },
  'stores.filter.submit': { page: 'stores', text: 'Filtrar' },
  'stores.place': { page: 'stores', text: '{commune} ({province})' },
  'stores.hours': { page: 'stores', text: 'Horario: {hours}' },
  'stores.empty': { page: 'stores', text: 'No hay tiendas en esta zona.' },

  // home and welcome carousel
  'home.title': { page: 'home', text: '{brand} {country}: planes, equipos y más' },
  'home.hero.title': { page: 'home', text: 'Todo lo que necesitas para estar conectado' },
  'home.hero.body': { page: 'home', text: 'Planes, equipos y accesorios con despacho a todo {country}.' },
  'home.cta.plans': { page: 'home', text: 'Ver planes' },
  'home.cta.phones': { page: 'home', text: 'Ver equipos' },
  'home.welcome.label': { page: 'home', text: 'Bienvenida' },
  'home.welcome.slide1.title': { page: 'home', text: 'Bienvenido a {brand}' },
  'home.welcome.slide1.body': { page: 'home', text: 'Compra tu equipo y tu plan en pocos pasos.' },
  'home.welcome.slide2.title': { page: 'home', text: 'Trae tu número' },
  'home.welcome.slide2.body': { page: 'home', text: 'Cámbiate a {brand} con tu mismo número, sin costo.' },
  'home.welcome.slide3.title': { page: 'home', text: 'Tu cuenta en línea' },
  'home.welcome.slide3.body': { page: 'home', text: 'Revisa tu saldo, tus bolsas y tu {bill} cuando quieras.' },
  'home.welcome.next': { page: 'home', text: 'Siguiente' },
  'home.welcome.previous': { page: 'home', text: 'Anterior' },
  'home.welcome.slideOf': { page: 'home', text: 'Diapositiva {n} de {total}' },
  'home.account.title': { page: 'home', text: 'Tu línea {phone}' },
  'home.account.balance': { page: 'home', text: 'Saldo' },
  'home.account.points': { page: 'home', text: 'Puntos' },
  'home.account.pointsExpire': { page: 'home', text: 'Vencen el {date}' },

  // login
  'login.title': { page: 'login', text: 'Inicia sesión' },
  'login.homeTitle': { page: 'login', text: 'Inicia sesión en {brand} Hogar' },
  'login.rut': { page: 'login', text: 'RUT' },
  'login.rutHint': { page: 'login', text: 'Ejemplo: 12.345.678-5' },
  'login.pin': { page: 'login', text: 'Clave de 4 dígitos' },
  'login.identifier': { page: 'login', text: 'Número de celular o DNI' },
  'login.identifierHint': { page: 'login', text: '9 dígitos para el celular u 8 para el DNI' },
  'login.password': { page: 'login', text: 'Contraseña de 6 dígitos' },
  'login.submit': { page: 'login', text: 'Ingresar' },
  'login.forgot': { page: 'login', text: '¿Olvidaste tu clave?' },
  'login.createPassword': { page: 'login', text: 'Crea tu clave única' },
  'shell.loggedOut': { page: 'shell', text: 'Cerraste tu sesión correctamente.' },

  // session
  'session.expired.title': { page: 'session', text: 'Tu sesión expiró' },
  'session.expired.body': {
    page: 'session',
    text: 'Por tu seguridad cerramos tu sesión después de un tiempo sin actividad. Vuelve a ingresar para continuar.',
  },
  'session.expired.login': { page: 'session', text: 'Ingresar nuevamente' },
  'session.checkoutRestart': { page: 'session', text: 'Reinicie su pago ya que la sesión anterior ha caducado' },
  'session.backToCart': { page: 'session', text: 'Volver al carro' },

  // password recovery and creation
  'password.recovery.title': { page: 'password', text: 'Recupera tu clave' },
  'password.recovery.intro': { page: 'password', text: 'Te enviaremos un código por SMS a tu celular registrado.' },
  'password.change.title': { page: 'password', text: 'Cambia tu clave' },
  'password.change.intro': {
    page: 'password',
    text: 'Ingresa tu clave actual y elige una nueva de {pinLength} dígitos. Al guardarla cerramos tus otras sesiones.',
  },
  'password.change.done': { page: 'password', text: 'Listo: cambiaste tu clave. Úsala la próxima vez que ingreses.' },
  'password.first.title': { page: 'password', text: 'Crea tu clave' },
  'password.first.intro': {
    page: 'password',
    text: 'Ingresa tu RUT y el celular de tu línea: te enviaremos un código por SMS para crear tu clave de {pinLength} dígitos.',
  },
  'login.createFirst': { page: 'login', text: '¿Primera vez? Crea tu clave' },
  'password.unique.title': { page: 'password', text: 'Crea tu clave única' },
  'password.unique.intro': { page: 'password', text: 'Con tu clave única ingresas a tu cuenta y compras en línea.' },
  'password.phone': { page: 'password', text: 'Número de celular' },
  'password.sendCode': { page: 'password', text: 'Enviar código' },
  'password.resendCode': { page: 'password', text: 'Reenviar código' },
  'password.codeSent': { page: 'password', text: 'Si el número corresponde al documento ingresado, enviamos un código al celular terminado en {last}.' },
  'password.codeResent': {
    page: 'password',
    text: 'Si el número corresponde al documento ingresado, te enviamos un nuevo código al celular terminado en {last}.',
  },
  'password.code': { page: 'password', text: 'Código de 6 dígitos' },
  'password.verify': { page: 'password', text: 'Validar código' },
  'password.current': { page: 'password', text: 'Clave actual' },
  'password.new': { page: 'password', text: 'Nueva clave' },
  'password.confirm': { page: 'password', text: 'Repite la nueva clave' },
  'password.save': { page: 'password', text: 'Guardar clave' },
  'password.changed': { page: 'password', text: 'Tu clave fue actualizada. Ya puedes ingresar con ella.' },
  'password.sms': { page: 'password', text: '{brand}: tu código de verificación es {code}. Vence en 10 minutos. No lo compartas con nadie.' },

  // validation (shared by browser and server)
  'validation.required': { page: 'validation', text: 'Este campo es obligatorio' },
  'validation.rut': { page: 'validation', text: 'Ingresa un RUT válido' },
  'validation.dni': { page: 'validation', text: 'Ingresa un DNI válido de 8 dígitos' },
  'validation.phone': { page: 'validation', text: 'Ingresa un número de celular de 9 dígitos que comience con 9' },
  'validation.loginIdentifier': { page: 'validation', text: 'Ingresa tu número de celular (9 dígitos) o tu DNI (8 dígitos)' },
  'validation.pin': { page: 'validation', text: 'La clave debe tener {pinLength} dígitos' },
  'validation.email': { page: 'validation', text: 'Ingresa un correo electrónico válido' },
  'validation.code': { page: 'validation', text: 'El código tiene 6 dígitos' },
  'validation.passwordMismatch': { page: 'validation', text: 'Las claves no coinciden' },
  'validation.passwordWeak': { page: 'validation', text: 'Evita claves con todos los dígitos iguales o consecutivos' },
  'validation.date': { page: 'validation', text: 'Ingresa una fecha válida' },
  'validation.time': { page: 'validation', text: 'Ingresa una hora válida' },
  'validation.invalid': { page: 'validation', text: 'Revisa este dato' },
  'validation.characters': { page: 'validation', text: 'Contiene caracteres no válidos' },
  'validation.repeated': { page: 'validation', text: 'Se envió más de una vez' },

  // sandbox payment gateway's hosted page (stands in for the provider's page)
  'sandbox.pay.title': { page: 'sandbox', text: 'Pasarela de pago de prueba' },
  'sandbox.pay.amount': { page: 'sandbox', text: 'Monto a pagar: {amount}' },
  'sandbox.pay.installments': { page: 'sandbox', text: 'Con tarjeta de crédito, en {count} {count|cuota|cuotas} sin interés de {amount}' },
  'sandbox.pay.order': { page: 'sandbox', text: 'Orden de compra {order}' },
  'sandbox.pay.card': { page: 'sandbox', text: 'Número de tarjeta' },
  'sandbox.pay.expiry': { page: 'sandbox', text: 'Vencimiento (MM/AA)' },
  'sandbox.pay.cvv': { page: 'sandbox', text: 'CVV' },
  'sandbox.pay.submit': { page: 'sandbox', text: 'Pagar' },
  'sandbox.pay.abort': { page: 'sandbox', text: 'Anular compra' },
  'sandbox.pay.hint': {
    page: 'sandbox',
    text: 'Tarjetas de prueba: 4051 8856 0044 6623 aprueba, 4051 8842 3993 7763 aprueba (débito), 5186 0595 5959 0568 rechaza.',
  },
  'sandbox.pay.unknownCard': { page: 'sandbox', text: 'Esta tarjeta no es una tarjeta de prueba del sandbox.' },
  'pp.error.payment.token': { page: 'errors', text: 'El pago no es válido o ya venció. Inténtalo nuevamente.' },
  'pp.error.payment.create': { page: 'errors', text: 'No pudimos iniciar el pago. Inténtalo nuevamente.' },

  // errors (SPEC §8 keys and our own)
  required_login: { page: 'errors', text: 'Debes iniciar sesión para continuar.' },
  session_expired: { page: 'errors', text: 'Tu sesión expiró. Vuelve a ingresar.' },
  'pp.error.validation': { page: 'errors', text: 'Revisa los datos ingresados.' },
  'pp.error.security.token': { page: 'errors', text: 'Tu página quedó desactualizada. Recárgala e inténtalo nuevamente.' },
  'pp.error.asset.forbidden': { page: 'errors', text: 'Esta línea no pertenece a tu cuenta.' },
  'pp.error.login.invalid': { page: 'errors', text: 'Los datos de ingreso no son correctos.' },
  'pp.error.login.locked': {
    page: 'errors',
    text: 'Bloqueamos el ingreso por demasiados intentos fallidos. Inténtalo nuevamente en {minutes} {minutes|minuto|minutos} o recupera tu clave.',
  },
  'pp.error.login.locked.detail': {
    page: 'errors',
    text: 'Por tu seguridad, cada nuevo bloqueo dura el doble que el anterior. Si no recuerdas tu clave, recupérala con un código por SMS.',
  },
  'pp.error.login.locked.extend': { page: 'errors', text: 'Tu cuenta y tus líneas siguen funcionando con normalidad.' },
  'pp.error.login.recover': { page: 'errors', text: 'Recuperar mi clave' },
  'pp.error.login.recovery.only': {
    page: 'errors',
    text: 'Bloqueamos tu cuenta por seguridad después de varios intentos fallidos. Para volver a ingresar, recupera tu clave con un código por SMS.',
  },
  'pp.error.login.recovery.only.detail': {
    page: 'errors',
    text: 'Te enviaremos un código al celular de tu cuenta desde «¿Olvidaste tu clave?». Con tu nueva clave la cuenta se desbloquea de inmediato.',
  },
  'pp.error.too.many.requests': {
    page: 'errors',
    text: 'Hiciste demasiados intentos. Espera {minutes} {minutes|minuto|minutos} antes de volver a intentarlo.',
  },
  'pp.error.rate.limited': {
    page: 'errors',
    text: 'Recibimos demasiadas solicitudes desde tu conexión. Espera {minutes} {minutes|minuto|minutos} y vuelve a intentarlo.',
  },
  'pp.error.sms.daily.cap': {
    page: 'errors',
    text: 'Por seguridad, hoy ya no enviaremos más códigos a ese número. Inténtalo nuevamente más tarde, en {hours} {hours|hora|horas}.',
  },
  'pp.error.not.found': { page: 'errors', text: 'No encontramos lo que buscas.' },
  'pp.error.feature.off': { page: 'errors', text: 'Esta opción no está disponible por ahora. Inténtalo más tarde o visita una de nuestras tiendas.' },
  'pp.error.request.too.large': { page: 'errors', text: 'La solicitud es demasiado grande. Revisa los datos e inténtalo nuevamente.' },
  'pp.error.generic': { page: 'errors', text: 'Tuvimos un problema. Inténtalo nuevamente en unos minutos.' },
  'pp.error.service.unavailable': {
    page: 'errors',
    text: 'Tuvimos una interrupción momentánea y no pudimos completar tu solicitud. Inténtalo nuevamente en unos segundos.',
  },
  'pp.error.generic.detail': { page: 'errors', text: 'Si el problema continúa, contáctanos e indica este código de referencia: {requestId}.' },
  'pp.error.network': { page: 'errors', text: 'No pudimos conectarnos. Revisa tu conexión e inténtalo nuevamente.' },
  'pp.error.password.token.invalid': { page: 'errors', text: 'El código no es válido o ya venció. Solicita uno nuevo.' },
  'pp.error.password.current': { page: 'errors', text: 'La clave actual no es correcta.' },
  'pp.error.commerce.has.plan.in.cart': { page: 'errors', text: 'Ya tienes un plan en tu carro. Finaliza esa compra antes de agregar otro.' },
  'pp.Error.AddToCart.MaxQuantity': { page: 'errors', text: 'Alcanzaste la cantidad máxima permitida para este producto.' },
  'pp.Error.AddToCart.MaxProductsPerOrder': { page: 'errors', text: 'Alcanzaste la cantidad máxima de productos por orden.' },
  'pp.Service.status.validate.not.found': { page: 'errors', text: 'Aún estamos validando tu solicitud.' },
  'Error.Interface.Integration.ConnectRealService': { page: 'errors', text: 'No pudimos conectarnos con el servicio. Inténtalo nuevamente en unos minutos.' },
} satisfies Record<string, MessageDef>;

export type MessageKey = keyof typeof common | keyof typeof shopMessages | keyof typeof accountMessages | keyof typeof phonePlanMessages;

/** Per-market wording: Peru says "recibo de servicios" where Chile says "boleta". */
const overrides: Record<SiteId, Partial<Record<MessageKey, MessageDef>>> = {
  cl: {},
  pe: {
    'login.forgot': { page: 'login', text: '¿Olvidaste tu contraseña?' },
    'help.forgot': { page: 'help', text: '¿Olvidaste tu contraseña? Recupérala con un código por SMS' },
    'password.recovery.title': { page: 'password', text: 'Recupera tu contraseña' },
    'password.change.title': { page: 'password', text: 'Cambia tu contraseña' },
    'password.change.intro': {
      page: 'password',
      text: 'Ingresa tu contraseña actual y elige una nueva de {pinLength} dígitos. Al guardarla cerramos tus otras sesiones.',
    },
    'password.change.done': { page: 'password', text: 'Listo: cambiaste tu contraseña. Úsala la próxima vez que ingreses.' },
    'password.current': { page: 'password', text: 'Contraseña actual' },
    'password.new': { page: 'password', text: 'Nueva contraseña' },
    'password.confirm': { page: 'password', text: 'Repite la nueva contraseña' },
    'password.save': { page: 'password', text: 'Guardar contraseña' },
    'password.changed': { page: 'password', text: 'Tu contraseña fue actualizada. Ya puedes ingresar con ella.' },
    'validation.pin': { page: 'validation', text: 'La contraseña debe tener {pinLength} dígitos' },
    'validation.passwordMismatch': { page: 'validation', text: 'Las contraseñas no coinciden' },
    'pp.error.password.current': { page: 'errors', text: 'La contraseña actual no es correcta.' },
    'pp.error.login.locked': {
      page: 'errors',
      text: 'Bloqueamos el ingreso por demasiados intentos fallidos. Inténtalo nuevamente en {minutes} {minutes|minuto|minutos} o recupera tu contraseña.',
    },
    'pp.error.login.locked.detail': {
      page: 'errors',
      text: 'Por tu seguridad, cada nuevo bloqueo dura el doble que el anterior. Si no recuerdas tu contraseña, recupérala con un código por SMS.',
    },
    'pp.error.login.recover': { page: 'errors', text: 'Recuperar mi contraseña' },
    'pp.error.login.recovery.only': {
      page: 'errors',
      text: 'Bloqueamos tu cuenta por seguridad después de varios intentos fallidos. Para volver a ingresar, recupera tu contraseña con un código por SMS.',
    },
    'pp.error.login.recovery.only.detail': {
      page: 'errors',
      text: 'Te enviaremos un código al celular de tu cuenta desde «¿Olvidaste tu contraseña?». Con tu nueva contraseña la cuenta se desbloquea de inmediato.',
    },
  },
};

const built = new Map<SiteId, Catalogue>();

/**
 * The message catalogue of one market, built once: merging its ~1,300 messages anew cost a tenth of
 * every page's server time (docs/decisions/010). Frozen, since every caller shares it.
 */
export function catalogueFor(site: SiteId): Catalogue {
  let catalogue = built.get(site);
  if (!catalogue) {
    catalogue = Object.freeze(mergedCatalogue(site));
    built.set(site, catalogue);
  }
  return catalogue;
}

function mergedCatalogue(site: SiteId): Catalogue {
  return {
    ...common,
    ...shopMessages,
    ...accountMessages,
    ...portabilityMessages,
    ...phonePlanMessages,
    ...plansMessages,
    ...checkoutMessages,
    ...migrationMessages,
    ...claimsMessages,
    ...deviceMessages,
    ...suspensionMessages,
    ...planChangeMessages,
    ...numberingMessages,
    ...captiveMessages,
    ...callbackMessages,
    ...insuranceMessages,
    ...smartLineMessages,
    ...activationMessages,
    ...overrides[site],
    ...shopOverrides[site],
    ...accountOverrides[site],
    ...portabilityOverrides[site],
    ...phonePlanOverrides[site],
    ...plansOverrides[site],
    ...checkoutOverrides[site],
    ...migrationOverrides[site],
    ...deviceOverrides[site],
    ...suspensionOverrides[site],
    ...planChangeOverrides[site],
    ...captiveOverrides[site],
    ...callbackOverrides[site],
    ...insuranceOverrides[site],
    ...activationOverrides[site],
  };
}

/**
 * The groups a page receives its messages in (issue 12): the root sends `common` on every page, each
 * route declares the others it uses in its `handle` (apps/web/app/lib/message-groups.ts), and the
 * server adds them to that route's data. A key's group is its first segment's.
 */
export const MESSAGE_GROUPS = {
  common: ['shell', 'validation', 'pp', 'Error', 'session', 'required_login', 'session_expired'],
  home: ['home'],
  access: ['login', 'password'],
  info: ['help', 'stores'],
  sandbox: ['sandbox'],
  catalogue: ['catalogue', 'product', 'search', 'compare'],
  cart: ['cart', 'checkout', 'order', 'orders'],
  account: ['account'],
  portability: ['portability', 'credit', 'identity', 'rejected-credit'],
  phonePlan: ['phonePlan', 'renewal'],
  plans: ['plans'],
  migration: ['migration', 'mobile', 'offers', 'ownership', 'lines'],
  claims: ['claims'],
  device: ['device'],
  suspension: ['suspension'],
  numbering: ['numbering'],
  captive: ['captive'],
  callback: ['callback'],
  insurance: ['insurance'],
  smartLine: ['smartLine'],
  activation: ['activation'],
} as const satisfies Record<string, readonly string[]>;

export type MessageGroup = keyof typeof MESSAGE_GROUPS;

const GROUP_OF_SEGMENT = new Map<string, MessageGroup>(
  Object.entries(MESSAGE_GROUPS).flatMap(([group, segments]) => segments.map((s) => [s, group as MessageGroup] as const)),
);

/** The group a key belongs to; undefined for a key no group claims (a test keeps there being none). */
export function messageGroupOf(key: string): MessageGroup | undefined {
  return GROUP_OF_SEGMENT.get(key.split('.')[0]!);
}

const grouped = new Map<string, MessageTexts>();

/** One group of a market's catalogue as a page receives it, built once per process. */
function groupOf(site: SiteId, group: MessageGroup): MessageTexts {
  const id = `${site}:${group}`;
  let part = grouped.get(id);
  if (!part) {
    part = Object.fromEntries(
      Object.entries(catalogueFor(site))
        .filter(([key]) => messageGroupOf(key) === group)
        .map(([key, def]) => [key, def.text]),
    );
    grouped.set(id, part);
  }
  return part;
}

/** The texts of the given groups of one market: what a page's data carries. */
export function messagesFor(site: SiteId, groups: readonly MessageGroup[]): MessageTexts {
  return Object.assign({}, ...groups.map((g) => groupOf(site, g))) as MessageTexts;
}
