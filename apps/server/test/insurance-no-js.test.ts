import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import { insuranceOverviewResponse } from '@andes/contract/inputs/insurance';
import { drivers, identityAnswers, lastEmailCode, startTestSite, Visitor, type TestSite } from './helpers.ts';

const webBuild = fileURLToPath(new URL('../../web/build', import.meta.url));
const withPages = existsSync(`${webBuild}/server/index.js`);

const people = {
  cl: { login: '22.400.001-4', secret: '4640', phone: '934640001' },
  pe: { login: '934640011', secret: '464011', phone: '934640011' },
} as const;

const PAGE = '/personas/mientel/equipo/insurance';
const SMART = '/personas/mientel/linea-smart';

/** The smart line's demo customers (README): a line without a watch. */
const watchers = {
  cl: { login: '22.400.002-2', secret: '4641', phone: '934640002', email: 'rodrigo.alarcon@example.com', doc: '22400002' },
  pe: { login: '934640012', secret: '464012', phone: '934640012', email: 'luis.ramos@example.com', doc: '46400012' },
} as const;
/** An EID with right check digits (GSMA SGP.29). */
const EID = '89049032000000000000000012345644';

/** A hidden field's value in the page's HTML (React escapes quotes and ampersands). */
function hidden(html: string, name: string): string {
  const value = html.match(new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`))?.[1];
  if (value === undefined) throw new Error(`no hidden ${name}`);
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

// decision 018: the claim form posts to its page, whose action calls the same API; a browser without JavaScript files a claim
describe.runIf(withPages).each(drivers)('insurance claim form without JavaScript (%s database)', (driver) => {
  let site: TestSite;
  afterEach(async () => site?.close());
  /** Posts a page's form as a browser without JavaScript does (the page token in the address). */
  const postForm = (v: Visitor, page: string, fields: Record<string, string>) =>
    site.app.inject({
      method: 'POST',
      url: `${page}?f__key__=${encodeURIComponent(v.token)}`,
      headers: { cookie: v.cookie, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: v.address,
    });

  it.each(['cl', 'pe'] as const)(
    '%s: the smart line by posts: the code sent, the step-up passed, a wrong EID refused on its field, then the watch added',
    async (market) => {
      site = await startTestSite(market, driver, { WEB_BUILD_DIR: webBuild });
      const p = watchers[market];
      const v = await new Visitor(site.app).open();
      expect((await v.login(p.login, p.secret)).statusCode).toBe(200);
      const started = await postForm(v, SMART, { intent: 'stepUpStart', line: p.phone });
      expect(started.statusCode).toBe(200);
      const stepUpId = hidden(started.body, 'stepUpId');
      const questions = JSON.parse(hidden(started.body, 'questions')) as Array<{ id: string }>;
      expect(questions.length).toBe(2);
      const confirm = {
        intent: 'stepUpConfirm',
        line: p.phone,
        stepUpId,
        emailHint: hidden(started.body, 'emailHint'),
        secondFactor: 'identity',
        questions: hidden(started.body, 'questions'),
      };
      const answers = identityAnswers(p.doc);
      const answerFields = Object.fromEntries(questions.map((q) => [`question-${q.id}`, (answers as Record<string, string>)[q.id]!]));
      const code = await lastEmailCode(site.database, p.email);
      // a wrong code: the same questions again with the message, the step-up still open
      const wrong = await postForm(v, SMART, { ...confirm, ...answerFields, code: code === '000000' ? '111111' : '000000' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toContain('El código no es correcto');
      expect(hidden(wrong.body, 'stepUpId')).toBe(stepUpId);
      const passed = await postForm(v, SMART, { ...confirm, ...answerFields, code });
      expect(passed.statusCode).toBe(200);
      expect(passed.body).toContain('Activar Línea Smart');
      expect(hidden(passed.body, 'stepUpId')).toBe(stepUpId);

      const badEid = await postForm(v, SMART, { intent: 'add', line: p.phone, stepUpId, watchName: 'Mi reloj', eid: `${EID.slice(0, -1)}0` });
      expect(badEid.statusCode).toBe(400);
      expect(badEid.body).toContain('Escribe el EID de 32 dígitos de tu reloj');
      expect(badEid.body).toMatch(/name="watchName"[^>]*value="Mi reloj"|value="Mi reloj"[^>]*name="watchName"/);
      expect(hidden(badEid.body, 'stepUpId')).toBe(stepUpId);
      expect(await site.database.db.select().from(schema.smartLines)).toEqual([]);

      const added = await postForm(v, SMART, { intent: 'add', line: p.phone, stepUpId, watchName: 'Mi reloj', eid: EID });
      // the answer to the post shows the code; reading the page again never does (decision 028 addendum)
      expect(added.statusCode).toBe(200);
      const [watch] = await site.database.db.select().from(schema.smartLines);
      expect(watch).toMatchObject({ eid: EID, watchName: 'Mi reloj' });
      expect(added.body).toContain('Listo: tu número está listo para tu reloj.');
      expect(added.body).toContain(watch!.activationCode.replace(/&/g, '&amp;'));
      const later = await site.app.inject({ method: 'GET', url: SMART, headers: { cookie: v.cookie, accept: 'text/html' }, remoteAddress: v.address });
      expect(later.statusCode).toBe(200);
      expect(later.body).toContain('Reloj: Mi reloj');
      expect(later.body).not.toContain(watch!.activationCode.replace(/&/g, '&amp;'));
      expect(later.body).toContain('mostramos el código solo al agregar el reloj');
    },
  );

  it.each(['cl', 'pe'] as const)('%s: a refused post shows the page again with the message beside its field; a valid one files the claim', async (market) => {
    site = await startTestSite(market, driver, { WEB_BUILD_DIR: webBuild });
    const p = people[market];
    const v = await new Visitor(site.app).open();
    expect((await v.login(p.login, p.secret)).statusCode).toBe(200);
    const insuranceId = insuranceOverviewResponse.parse((await v.call('GET', `/restpp/asset/${p.phone}/insurance`)).json()).insurances[0]!.id;
    const post = (fields: Record<string, string>, token: string | null = v.token) =>
      site.app.inject({
        method: 'POST',
        url: token ? `${PAGE}?f__key__=${encodeURIComponent(token)}` : PAGE,
        headers: { cookie: v.cookie, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ intent: 'claim', line: p.phone, insuranceId: String(insuranceId), kind: 'damage', ...fields }).toString(),
        remoteAddress: v.address,
      });

    const short = await post({ description: 'Roto' });
    expect(short.statusCode).toBe(400);
    expect(short.headers['content-type']).toMatch(/^text\/html/);
    // the message beside the description (its own id, as with JavaScript), the text as it was typed
    expect(short.body).toMatch(/id="claim-description-error"[^>]*>\* (<!-- -->)?Cuéntanos qué pasó en 10 a 500 caracteres\./);
    expect(short.body).toMatch(/<textarea[^>]*name="description"[^>]*>Roto<\/textarea>/);
    // a theft without the line's theft block is refused with the page's message
    const theft = await post({ kind: 'theft', description: 'Me lo robaron en la micro.' });
    expect(theft.statusCode).toBe(409);
    expect(theft.body).toContain(market === 'cl' ? 'primero bloquea tu línea' : 'primero reporta tu equipo');
    expect(await site.database.db.select().from(schema.insuranceClaims)).toEqual([]);
    // without the page token nothing is filed
    expect((await post({ description: 'Se me cayó y no enciende.' }, null)).statusCode).toBeGreaterThanOrEqual(400);
    expect(await site.database.db.select().from(schema.insuranceClaims)).toEqual([]);

    const filed = await post({ description: 'Se me cayó y no enciende.' });
    expect(filed.statusCode).toBe(302);
    const [claim] = await site.database.db.select().from(schema.insuranceClaims).where(eq(schema.insuranceClaims.kind, 'damage'));
    expect(claim).toMatchObject({ description: 'Se me cayó y no enciende.' });
    expect(filed.headers.location).toBe(`${PAGE}?siniestro=${claim!.number}`);
    const shown = await site.app.inject({
      method: 'GET',
      url: String(filed.headers.location),
      headers: { cookie: v.cookie, accept: 'text/html' },
      remoteAddress: v.address,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain(`declaramos tu siniestro ${claim!.number}`);
  });
});
