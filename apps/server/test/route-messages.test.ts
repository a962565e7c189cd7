import { describe, expect, it } from 'vitest';
import { data, redirect, type ServerBuild } from 'react-router';
import { SERVER_TEXTS, unpackMessages, type MessageTexts } from '@andes/domain/message-format';
import { MESSAGE_GROUPS } from '@andes/domain/messages';
import { TEXTS_PATH, withRouteMessages } from '../src/web/route-messages.ts';

type Routes = ServerBuild['routes'];
type Carried = { messages: string; [SERVER_TEXTS]: MessageTexts };

function build(routes: Record<string, Record<string, unknown>>): ServerBuild {
  const entries = Object.entries(routes).map(([id, module]) => [id, { id, path: id, module }]);
  return { routes: Object.fromEntries(entries) as unknown as Routes } as ServerBuild;
}

async function load(b: ServerBuild, id: string, textsInline = false): Promise<unknown> {
  const loader = b.routes[id]!.module.loader!;
  return loader({ request: new Request('http://localhost/'), params: {}, context: { textsInline } } as never);
}

describe('route message groups in the page data', () => {
  it("name a file of the declared groups' texts in a document's data, and carry them inline in a navigation's", async () => {
    const { build: b, textFiles } = withRouteMessages(build({ list: { handle: { messages: ['catalogue'] }, loader: () => ({ rows: 3 }) } }), 'pe');
    const page = (await load(b, 'list')) as { rows: number } & Carried;
    expect(page.rows).toBe(3);
    expect(page.messages).toMatch(new RegExp(`^${TEXTS_PATH}pe-[0-9a-f]{16}\\.json$`));
    const file = JSON.parse(textFiles.get(page.messages.slice(TEXTS_PATH.length))!) as MessageTexts;
    expect(file['catalogue.phones.title']).toBe('Equipos');
    expect(Object.keys(file).every((k) => (MESSAGE_GROUPS.catalogue as readonly string[]).includes(k.split('.')[0]!))).toBe(true);
    // the server's own render reads them under a symbol React Router's encoder skips (it walks Object.keys)
    expect(page[SERVER_TEXTS]).toEqual(file);
    expect(Object.keys(page)).toEqual(['rows', 'messages']);

    const navigation = (await load(b, 'list', true)) as Carried;
    expect(unpackMessages(navigation.messages)).toEqual(file);
  });

  it('keep the status and headers of data() and let a redirect through untouched', async () => {
    const { build: b } = withRouteMessages(
      build({
        a: { handle: { messages: ['home'] }, loader: () => data({ x: 1 }, { status: 404 }) },
        b: { handle: { messages: ['home'] }, loader: () => redirect('/inicio-sesion') },
      }),
      'cl',
    );
    const a = (await load(b, 'a', true)) as { init: { status: number }; data: { x: number } & Carried };
    expect(a.init.status).toBe(404);
    expect(a.data.x).toBe(1);
    expect(unpackMessages(a.data.messages)).toHaveProperty('home.hero.title');
    const r = (await load(b, 'b')) as Response;
    expect(r.status).toBe(302);
  });

  it('share one file between routes of the same groups, per market', () => {
    const routes = { a: { handle: { messages: ['home'] }, loader: () => ({}) }, b: { handle: { messages: ['home'] }, loader: () => ({}) } };
    expect(withRouteMessages(build(routes), 'cl').textFiles.size).toBe(1);
    const [cl] = withRouteMessages(build(routes), 'cl').textFiles.keys();
    const [pe] = withRouteMessages(build(routes), 'pe').textFiles.keys();
    expect(cl).not.toBe(pe);
  });

  it('leave a route without groups as it is, and refuse groups on a route without a loader', () => {
    const loader = () => ({});
    expect(withRouteMessages(build({ plain: { loader } }), 'cl').build.routes.plain!.module.loader).toBe(loader);
    expect(() => withRouteMessages(build({ bare: { handle: { messages: ['home'] } } }), 'cl')).toThrow(/no loader/);
  });
});
