import { describe, expect, it } from 'vitest';
import { getMarket } from '../src/market.ts';
import {
  catalogueFor,
  fill,
  marketTranslator,
  messageGroupOf,
  messagesFor,
  MESSAGE_GROUPS,
  resolveMessage,
  translator,
  type Catalogue,
} from '../src/messages.ts';

const catalogue: Catalogue = {
  greet: { page: 'home', text: 'Hola, {name}' },
  'bill.due': { page: 'account', text: 'Tu {bill} vence el {date}' },
};

describe('resolveMessage', () => {
  it('finds a message by key, and by key and page when the page matches', () => {
    expect(resolveMessage(catalogue, 'greet', { params: { name: 'Ana' } })).toBe('Hola, Ana');
    expect(resolveMessage(catalogue, 'greet', { page: 'home', params: { name: 'Ana' } })).toBe('Hola, Ana');
  });

  it("falls back to the default text when the key is unknown or the page is another's", () => {
    expect(resolveMessage(catalogue, 'greet', { page: 'cart', defaultText: 'Bienvenido' })).toBe('Bienvenido');
    expect(resolveMessage(catalogue, 'missing', { defaultText: 'Texto por defecto {n}', params: { n: 2 } })).toBe('Texto por defecto 2');
  });

  it('shows the key itself when there is neither a message nor a default, so a gap is visible', () => {
    expect(resolveMessage(catalogue, 'missing.key')).toBe('missing.key');
  });
});

describe('fill', () => {
  it('replaces every {placeholder} it has a value for, numbers included', () => {
    expect(fill('{a} y {b} y {a}', { a: 'x', b: 3 })).toBe('x y 3 y x');
  });

  it('chooses the singular word for 1 and the plural for any other count', () => {
    const text = 'Espera {minutes} {minutes|minuto|minutos}';
    expect(fill(text, { minutes: 1 })).toBe('Espera 1 minuto');
    expect(fill(text, { minutes: 2 })).toBe('Espera 2 minutos');
    expect(fill(text, { minutes: 0 })).toBe('Espera 0 minutos');
    expect(fill(text, { minutes: '1' })).toBe('Espera 1 minuto');
    expect(fill('{n|a|b}', {})).toBe('{n|a|b}');
  });

  it('leaves unknown placeholders as written and text without params untouched', () => {
    expect(fill('Hola {name}, {missing}', { name: 'Ana' })).toBe('Hola Ana, {missing}');
    expect(fill('Sin {cambios}')).toBe('Sin {cambios}');
  });

  it("never puts two full stops where a value ending in one meets the sentence's own", () => {
    expect(fill('Pasará a Andes el {date}.', { date: '2 de diciembre a las 9:00 a. m.' })).toBe('Pasará a Andes el 2 de diciembre a las 9:00 a. m.');
    expect(fill('Entrega en {address}. Gracias', { address: 'Av. Sol 12, Depto.' })).toBe('Entrega en Av. Sol 12, Depto. Gracias');
    expect(fill('{a}, {b}.', { a: 'Sr.', b: 'fin' })).toBe('Sr., fin.');
  });
});

describe('market catalogues', () => {
  it.each(['cl', 'pe'] as const)('%s: no count of minutes, seconds, days or attempts reads "1 minutos"', (site) => {
    const t = marketTranslator(catalogueFor(site), getMarket(site));
    const one = { minutes: 1, seconds: 1, days: 1, left: 1, count: 1 };
    for (const key of Object.keys(catalogueFor(site))) {
      expect(t(key, one), key).not.toMatch(/\b1 (minutos|segundos|días|intentos|cuotas|productos)\b/);
    }
    expect(t('pp.error.login.locked', { minutes: 1 })).toContain('1 minuto o');
    expect(t('pp.error.rate.limited', { minutes: 1 })).toBe('Recibimos demasiadas solicitudes desde tu conexión. Espera 1 minuto y vuelve a intentarlo.');
    expect(t('pp.error.rate.limited', { minutes: 3 })).toContain('Espera 3 minutos');
  });

  const cl = getMarket('cl');
  const pe = getMarket('pe');
  const tCl = marketTranslator(catalogueFor('cl'), cl);
  const tPe = marketTranslator(catalogueFor('pe'), pe);

  it('say boleta in Chile and recibo de servicios in Peru', () => {
    expect(tCl('home.welcome.slide3.body')).toContain('tu boleta');
    expect(tPe('home.welcome.slide3.body')).toContain('tu recibo de servicios');
    expect(tPe('home.welcome.slide3.body')).not.toContain('boleta');
  });

  it("agree with the bill's gender: la boleta in Chile, el recibo in Peru", () => {
    const feminine = /\b(la|una|primera|última|misma|nueva|esta)\s+recibo\b|\brecibos?( de servicios)? (vencida|pagada|emitida|impaga)s?\b/i;
    for (const key of Object.keys(catalogueFor('pe'))) expect(tPe(key), key).not.toMatch(feminine);
    expect(tPe('plans.cart.monthly')).toBe('Plan desde tu primer recibo de servicios');
    expect(tCl('plans.cart.monthly')).toBe('Plan desde tu primera boleta');
  });

  it("use each market's own wording where it differs: clave in Chile, contraseña in Peru", () => {
    expect(tCl('password.current')).toBe('Clave actual');
    expect(tPe('password.current')).toBe('Contraseña actual');
    expect(tCl('validation.pin')).toBe('La clave debe tener 4 dígitos');
    expect(tPe('validation.pin')).toBe('La contraseña debe tener 6 dígitos');
  });

  it('fill the brand and country everywhere, and let a call override a market value', () => {
    expect(tCl('home.title')).toBe('Andes Chile: planes, equipos y más');
    expect(marketTranslator(catalogueFor('pe'), getMarket('pe', 'movil'))('home.title')).toBe('Movil Perú: planes, equipos y más');
    expect(translator(catalogue, { bill: 'boleta' })('bill.due', { date: '5 de mayo', bill: 'factura' })).toBe('Tu factura vence el 5 de mayo');
  });

  it("count an insurance's months and events in the singular for 1, and name it once in the cart", () => {
    expect(tCl('product.insurance.details', { months: 1, events: 1, deductible: '$0' })).toBe('1 mes de vigencia, 1 evento, deducible desde $0');
    expect(tPe('product.insurance.details', { months: 12, events: 2, deductible: 'S/ 50' })).toBe('12 meses de vigencia, 2 eventos, deducible desde S/ 50');
    // the insurances' names already say "Seguro …"
    expect(tCl('cart.line.insurance', { name: 'Seguro Robo', price: '$3.990' })).toBe('Seguro Robo: $3.990 al mes');
  });

  it('hold the same keys in both markets, so no screen lacks a text in one of them', () => {
    expect(Object.keys(catalogueFor('pe')).sort()).toEqual(Object.keys(catalogueFor('cl')).sort());
  });

  it('carry the SPEC texts a customer must read word for word', () => {
    for (const t of [tCl, tPe]) {
      expect(t('session.checkoutRestart')).toBe('Reinicie su pago ya que la sesión anterior ha caducado');
      expect(t('shell.seeDetail')).toBe('Ver detalle');
    }
  });
});

describe('message groups', () => {
  it("give a page only its groups' messages, in the market's wording", () => {
    const page = messagesFor('pe', ['common', 'access']);
    expect(page['password.current']).toBe('Contraseña actual');
    expect(page['shell.skip']).toBeDefined();
    expect(Object.keys(page).every((k) => ['common', 'access'].includes(messageGroupOf(k)!))).toBe(true);
    expect(page['catalogue.phones.title']).toBeUndefined();
  });

  it('together hold the whole catalogue, each key once', () => {
    const groups = Object.keys(MESSAGE_GROUPS) as Array<keyof typeof MESSAGE_GROUPS>;
    const sizes = groups.map((g) => Object.keys(messagesFor('cl', [g])).length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(Object.keys(catalogueFor('cl')).length);
    expect(messagesFor('cl', groups)).toEqual(Object.fromEntries(Object.entries(catalogueFor('cl')).map(([k, d]) => [k, d.text])));
  });
});
