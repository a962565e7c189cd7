import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@andes/db/client';
import { insuranceOverviewResponse } from '@andes/contract/inputs/insurance';
import { drivers, startTestSite, Visitor, type TestSite } from './helpers.ts';

const webBuild = fileURLToPath(new URL('../../web/build', import.meta.url));
const withPages = existsSync(`${webBuild}/server/index.js`);

const people = {
  cl: { login: '22.400.001-4', secret: '4640', phone: '934640001' },
  pe: { login: '934640011', secret: '464011', phone: '934640011' },
} as const;

const PAGE = '/personas/mientel/equipo/insurance';

// decision 018: the claim form posts to its page, whose action calls the same API; a browser without JavaScript files a claim
describe.runIf(withPages).each(drivers)('insurance claim form without JavaScript (%s database)', (driver) => {
  let site: TestSite;
  afterEach(async () => site?.close());

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
