import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { drivers, startTestSite, Visitor, bothSites, type TestSite } from './helpers.ts';
import { SANDBOX_CLAIM_NEVER_FOUND_DOCUMENT, SANDBOX_CLAIM_NOT_FOUND_TRIES } from '../src/adapters/claims-system/sandbox.ts';
import { bookDueDay } from '@andes/domain/claims';
import { loadConfig } from '../src/config.ts';
import { customerClaimsAnswer, filedSheetAnswer, sheetInfoAnswer, statusAnswer, telecomFiledAnswer } from '@andes/contract/inputs/claims';

/** The pages render from the web build (npm test builds it first). */
const webBuild = fileURLToPath(new URL('../../web/build', import.meta.url));

/** A complete sheet (Miraflores, Lima); each test changes what it checks. */
const sheet = (over: Record<string, unknown> = {}) => ({
  name: 'Ana Pérez Quispe',
  documentType: 'dni',
  documentNumber: '40123456',
  department: '15',
  province: '1501',
  district: '150122',
  address: 'Av. Larco 345, dpto. 301',
  phone: '987650001',
  email: 'ana.perez@example.pe',
  itemType: 'service',
  itemDescription: 'Plan Libre 30 GB',
  amount: 5990,
  kind: 'reclamo',
  detail: 'Me cobraron dos veces el plan de octubre en el recibo.',
  request: 'Devolución del cobro duplicado.',
  termsAccepted: true,
  ...over,
});

const BOOK = '/restpp/peru/claims/book';
let n = 0;
/** A new visitor from its own address, so the filing limit of one test never touches another. */
const visitor = (site: TestSite) => new Visitor(site.app, `198.51.110.${++n}`).open();

describe.each(drivers)('claims (%s database)', (driver) => {
  const sites = bothSites(driver);
  const pe = () => sites.pe;

  it('files a sheet: a correlative code, the due date in 15 business days, the PDF in the e-mail outbox', async () => {
    const v = await visitor(pe());
    const res = await v.call('POST', BOOK, sheet());
    expect(res.statusCode).toBe(200);
    const { claim } = filedSheetAnswer.parse(res.json());
    expect(claim.code).toMatch(/^LR-\d{4}-\d{6}$/);
    expect(sheetInfoAnswer.parse((await v.call('GET', BOOK)).json()).provider.ruc).toBe('20100047218');
    expect(claim.dueOn).toBe(bookDueDay(new Date(claim.filedAt)));
    const second = (await v.call('POST', BOOK, sheet({ kind: 'queja' }))).json().claim;
    expect(Number(second.code.slice(-6))).toBe(Number(claim.code.slice(-6)) + 1);
    const mail = await pe().app.inject({ method: 'GET', url: '/sandbox/outbox?recipient=ana.perez@example.pe' });
    const sent = mail.json().messages.find((m: { subject: string }) => m.subject.includes(claim.code));
    expect(sent.channel).toBe('email');
    expect(sent.attachmentName).toBe(`${claim.code}.pdf`);
    expect(Buffer.from(sent.attachment, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it.each([
    ['name', { name: '' }, 'nombre'],
    ['name', { name: '12345' }, 'nombre'],
    ['documentNumber', { documentNumber: '1234' }, 'DNI'],
    ['documentNumber', { documentType: 'ce', documentNumber: '12' }, 'carné'],
    ['documentType', { documentType: 'passport' }, 'DNI o carné'],
    ['department', { department: 'xx' }, 'departamento'],
    ['province', { province: '0101' }, 'provincia'],
    ['district', { district: '010101' }, 'distrito'],
    ['address', { address: 'a' }, 'dirección'],
    ['phone', { phone: '12345' }, 'celular'],
    ['email', { email: 'ana@' }, 'correo'],
    ['guardianName', { minor: true, guardianDocumentNumber: '41234567' }, 'padre'],
    ['guardianDocumentNumber', { minor: true, guardianName: 'Rosa Quispe', guardianDocumentNumber: '1' }, 'padre'],
    ['itemType', { itemType: 'other' }, 'producto'],
    ['itemDescription', { itemDescription: '' }, 'describe'],
    ['amount', { amount: -1 }, 'monto'],
    ['amount', { amount: 1.5 }, 'monto'],
    ['kind', { kind: 'consulta' }, 'reclamo o queja'],
    ['detail', { detail: 'corto' }, 'qué pasó'],
    ['request', { request: '' }, 'qué pides'],
    ['termsAccepted', { termsAccepted: false }, 'aceptar'],
  ])("refuses a sheet with a bad %s, with that field's Spanish message", async (field, over, words) => {
    const v = await visitor(pe());
    const res = await v.call('POST', BOOK, sheet(over));
    expect(res.statusCode).toBe(400);
    const errors = res.json().validationError;
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field][0].toLowerCase()).toContain(words.toLowerCase());
  });

  it('needs the page token to file', async () => {
    const v = await visitor(pe());
    expect((await v.call('POST', BOOK, sheet(), { token: null })).statusCode).toBe(403);
  });

  it('gives the PDF once to its filer, then 410 in the envelope; another visitor gets 404', async () => {
    const v = await visitor(pe());
    // a long detail wraps onto a second page
    const { claim } = (await v.call('POST', BOOK, sheet({ detail: 'El cobro no corresponde. '.repeat(78) }))).json();
    const stranger = await visitor(pe());
    expect((await stranger.call('GET', claim.pdfUrl)).statusCode).toBe(404);
    expect((await v.call('GET', claim.pdfUrl, undefined, { token: null })).statusCode).toBe(403);
    const first = await v.call('GET', claim.pdfUrl);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = first.rawPayload.toString('latin1');
    expect(text).toContain(claim.code);
    expect(text).toContain('RUC 20100047218');
    expect(text).toContain('/Count 2');
    const again = await v.call('GET', claim.pdfUrl);
    expect(again.statusCode).toBe(410);
    expect(again.json().response.systemMessage[0].exceptionKey).toBe('pp.error.claims.pdf.gone');
  });

  it('status: "not found" for the sandbox\'s tries, then registered (popup for an anonymous filer); never for the documented document', async () => {
    const v = await visitor(pe());
    const { claim } = (await v.call('POST', BOOK, sheet())).json();
    const url = `/restpp/peru/claims/${claim.code}/status`;
    for (let i = 0; i < SANDBOX_CLAIM_NOT_FOUND_TRIES; i++) {
      const res = await v.call('GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().response.systemMessage[0].exceptionKey).toBe('pp.Service.status.validate.not.found');
    }
    const found = await v.call('GET', url);
    expect(found.statusCode).toBe(200);
    expect(statusAnswer.parse(found.json())).toEqual({ display: 'popup', claim: { code: claim.code, registeredAs: `SRC-${claim.code}` } });
    // a stranger learns nothing of the claim
    expect((await (await visitor(pe())).call('GET', url)).json().response.systemMessage[0].exceptionKey).toBe('pp.error.claims.notFound');
    const never = (await v.call('POST', BOOK, sheet({ documentNumber: SANDBOX_CLAIM_NEVER_FOUND_DOCUMENT }))).json().claim;
    for (let i = 0; i < 12; i++) expect((await v.call('GET', `/restpp/peru/claims/${never.code}/status`)).statusCode).toBe(404);
  });

  it('the iframe page names the allowed origins in frame-ancestors; every other page keeps self', async () => {
    const site = await startTestSite('pe', driver, { CLAIMS_FRAME_ORIGINS: 'https://ayuda.andes.pe, https://www.andes.pe', WEB_BUILD_DIR: webBuild });
    try {
      const framed = await site.app.inject({ method: 'GET', url: '/reclamos-iframe' });
      expect(framed.statusCode).toBe(200);
      expect(framed.body).toContain('Libro de Reclamaciones');
      // the rendered page's own policy (with its script nonce) keeps the origins
      expect(framed.headers['content-security-policy']).toMatch(
        /script-src 'self' 'nonce-[^']+'.*frame-ancestors 'self' https:\/\/ayuda\.andes\.pe https:\/\/www\.andes\.pe$/,
      );
      expect(framed.headers['x-frame-options']).toBeUndefined();
      const book = await site.app.inject({ method: 'GET', url: '/libro-de-reclamaciones' });
      expect(book.statusCode).toBe(200);
      expect(book.headers['content-security-policy']).toMatch(/frame-ancestors 'self'$/);
      expect(book.headers['x-frame-options']).toBe('SAMEORIGIN');
      const api = await site.app.inject({ method: 'GET', url: '/restpp/peru/claims/book' });
      expect(api.headers['content-security-policy']).toMatch(/frame-ancestors 'self'$/);
      expect(() => loadConfig({ SITE: 'pe', SANDBOX: '1', CLAIMS_FRAME_ORIGINS: 'https://ok.pe, javascript:alert(1)' })).toThrow(
        /CLAIMS_FRAME_ORIGINS: not an origin.*javascript/,
      );
    } finally {
      await site.close();
    }
  });

  it('Chile has no claims calls (404): its consumer channel is the help page', async () => {
    const v = await new Visitor(sites.cl.app, '198.51.111.1').open();
    expect((await v.call('POST', BOOK, sheet())).statusCode).toBe(404);
    expect((await v.call('GET', '/restpp/peru/claims')).statusCode).toBe(404);
    const framed = await sites.cl.app.inject({ method: 'GET', url: '/reclamos-iframe' });
    expect(framed.headers['content-security-policy']).toMatch(/frame-ancestors 'self'$/);
  });

  it("telecom claims: filed about one's own line with its due dates and listed; a foreign line answers 403", async () => {
    const v = await visitor(pe());
    expect((await v.call('GET', '/restpp/peru/claims')).statusCode).toBe(401);
    expect((await v.login('47120386', '582046')).statusCode).toBe(200);
    expect((await v.call('POST', '/restpp/peru/claims/lines/934512841', { subject: 'billing', detail: 'x' })).json().validationError.detail[0]).toMatch(
      /qué pasó/,
    );
    expect(
      (
        await v.call(
          'POST',
          '/restpp/peru/claims/lines/934512841',
          { subject: 'billing', detail: 'El recibo de noviembre trae un cargo de roaming que no usé.' },
          { token: null },
        )
      ).statusCode,
    ).toBe(403);
    const filed = await v.call('POST', '/restpp/peru/claims/lines/934512841', {
      subject: 'suspension',
      detail: 'Me suspendieron la línea sin aviso y con el recibo pagado.',
    });
    expect(filed.statusCode).toBe(200);
    const { claim } = telecomFiledAnswer.parse(filed.json());
    expect(claim).toMatchObject({ phoneNumber: '934512841', subject: 'suspension', state: 'received', answer: null });
    expect(claim.code).toMatch(/^RT-\d{4}-\d{6}$/);
    expect(claim.notifyBy! > claim.resolveBy).toBe(true);
    // registered after the sandbox's tries: a signed-in customer is sent to their claims
    const status = `/restpp/peru/claims/${claim.code}/status`;
    for (let i = 0; i < SANDBOX_CLAIM_NOT_FOUND_TRIES; i++) expect((await v.call('GET', status)).statusCode).toBe(404);
    const registered = (await v.call('GET', status)).json();
    expect(statusAnswer.parse(registered).display).toBe('redirect');
    expect(registered.response.redirectRUL).toBe('/personas/reclamaciones/');
    const foreign = await v.call('POST', '/restpp/peru/claims/lines/987654321', {
      subject: 'billing',
      detail: 'El recibo de noviembre trae un cargo que no reconozco.',
    });
    expect(foreign.statusCode).toBe(403);
    const list = customerClaimsAnswer.parse((await v.call('GET', '/restpp/peru/claims')).json()).claims;
    expect(list.map((c: { code: string }) => c.code)).toContain(claim.code);
    expect(list.some((c: { answer: string | null }) => c.answer)).toBe(true);
  });
});

describe.each(drivers.filter((d) => d === 'server'))('claims filing limit under a burst (%s database)', (driver) => {
  it('40 sheets at once from one address: 10 are filed, 30 answer 429, and the count holds after', async () => {
    const site = await startTestSite('pe', driver);
    try {
      const v = await new Visitor(site.app, '198.51.112.7').open();
      const codes = (await Promise.all(Array.from({ length: 40 }, () => v.call('POST', BOOK, sheet())))).map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(10);
      expect(codes.filter((c) => c === 429)).toHaveLength(30);
      expect((await v.call('POST', BOOK, sheet())).statusCode).toBe(429);
      const other = await new Visitor(site.app, '198.51.112.8').open();
      expect((await other.call('POST', BOOK, sheet())).statusCode).toBe(200);
    } finally {
      await site.close();
    }
  }, 60_000);
});
