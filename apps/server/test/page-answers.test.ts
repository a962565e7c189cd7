import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { SiteId } from '@andes/domain/market';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { plansListAnswer } from '../src/modules/plans/index.ts';
import { bothSites, metricValue, Visitor } from './helpers.ts';

const webBuild = fileURLToPath(new URL('../../web/build', import.meta.url));
const withPages = existsSync(`${webBuild}/server/index.js`);
const markets: SiteId[] = ['cl', 'pe'];
const PLAN_CATALOGUE: Record<SiteId, string> = { cl: '/personas/catalogo/postpago', pe: '/catalogo/postpago' };

interface PlanCard {
  id: string;
  planName: string;
}
type PlansAnswer = Record<string, unknown> & { postpaidPlans: PlanCard[]; hybridPlans: PlanCard[]; blue: PlanCard[] };
const cardsOf = (answer: PlansAnswer) => [...answer.postpaidPlans, ...answer.hybridPlans, ...answer.blue];

/**
 * A page of a visitor without a session reads the plans list by calling the route's own function
 * (web/routes.ts), not through the stack: what it shows must be what the API answers, as plain JSON
 * (the page's data is encoded as it is, where the API's answer went through JSON), and a bad query is
 * still the route's refusal.
 */
describe.runIf(withPages)('answers a page reads in-process for a visitor without a session', () => {
  const sites = bothSites('embedded');
  const apps = {} as Record<SiteId, FastifyInstance>;
  beforeAll(async () => {
    for (const site of markets) {
      const config = loadConfig({ SITE: site, SANDBOX: '1', LOG_LEVEL: 'silent', WEB_BUILD_DIR: webBuild });
      apps[site] = await buildApp({ config, database: sites[site].database, ownsDatabase: false, logger: false });
    }
  }, 180_000);
  afterAll(async () => {
    await Promise.all(Object.values(apps).map((a) => a.close()));
  });

  it.each(markets)('%s: the plan catalogue shows the plans the API lists, and the in-process answer is plain JSON', async (site) => {
    const app = apps[site];
    const visitor = await new Visitor(app).open();
    const api = (await visitor.call('GET', '/restpp/subscriber/plans?activeSimType=newLine')).json() as PlansAnswer;
    const inProcess = (await plansListAnswer(app, { activeSimType: 'newLine' }, null)) as unknown as PlansAnswer;
    expect(JSON.parse(JSON.stringify(inProcess))).toStrictEqual(inProcess);
    expect(inProcess).toStrictEqual(api);
    // the page's render asks nothing through the stack: the request count of the plans route stays as it was
    const asked = () => metricValue(app, 'http_requests_total', { route: '/restpp/subscriber/plans' });
    const before = await asked();
    const page = await app.inject({ url: PLAN_CATALOGUE[site], headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(await asked()).toBe(before);
    const plans = cardsOf(api);
    expect(plans.length).toBeGreaterThan(3);
    for (const plan of plans) expect(page.body).toContain(plan.id);
  });

  it.each(markets)('%s: a bad query is refused by the route, in-process or not', async (site) => {
    await expect(plansListAnswer(apps[site], { activeSimType: 'nada' }, null)).rejects.toMatchObject({ status: 400 });
  });
});
