import { describe, expect, it } from 'vitest';
import { data, redirect, type ServerBuild } from 'react-router';
import { unpackMessages } from '@andes/domain/message-format';
import { withRouteMessages } from '../src/web/route-messages.ts';

type Routes = ServerBuild['routes'];

function build(routes: Record<string, Record<string, unknown>>): ServerBuild {
  const entries = Object.entries(routes).map(([id, module]) => [id, { id, path: id, module }]);
  return { routes: Object.fromEntries(entries) as unknown as Routes } as ServerBuild;
}

async function load(b: ServerBuild, id: string): Promise<unknown> {
  const loader = b.routes[id]!.module.loader!;
  return loader({ request: new Request('http://localhost/'), params: {}, context: {} } as never);
}

describe('route message groups in the page data', () => {
  it("add the declared groups' messages of the market to the route's data", async () => {
    const b = withRouteMessages(build({ list: { handle: { messages: ['catalogue'] }, loader: () => ({ rows: 3 }) } }), 'pe');
    const result = (await load(b, 'list')) as { rows: number; messages: string };
    expect(result.rows).toBe(3);
    const messages = unpackMessages(result.messages);
    expect(messages['catalogue.phones.title']).toBe('Equipos');
    expect(Object.keys(messages).every((k) => k.startsWith('catalogue.') || k.startsWith('product.'))).toBe(true);
  });

  it('keep the status and headers of data() and let a redirect through untouched', async () => {
    const b = withRouteMessages(
      build({
        a: { handle: { messages: ['home'] }, loader: () => data({ x: 1 }, { status: 404 }) },
        b: { handle: { messages: ['home'] }, loader: () => redirect('/inicio-sesion') },
      }),
      'cl',
    );
    const a = (await load(b, 'a')) as { init: { status: number }; data: { x: number; messages: string } };
    expect(a.init.status).toBe(404);
    expect(a.data.x).toBe(1);
    expect(unpackMessages(a.data.messages)).toHaveProperty('home.hero.title');
    const r = (await load(b, 'b')) as Response;
    expect(r.status).toBe(302);
  });

  it('leave a route without groups as it is, and refuse groups on a route without a loader', () => {
    const loader = () => ({});
    expect(withRouteMessages(build({ plain: { loader } }), 'cl').routes.plain!.module.loader).toBe(loader);
    expect(() => withRouteMessages(build({ bare: { handle: { messages: ['home'] } } }), 'cl')).toThrow(/no loader/);
  });
});
