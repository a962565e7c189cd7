import { useLoaderData, type MetaFunction } from 'react-router';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../lib/root-data.ts';
import { messageGroups } from '../lib/message-groups.ts';
import type { Answer } from '@andes/contract/caller';

export const handle = messageGroups('info');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'stores.title');

interface Place {
  code: string;
  name: string;
}

type Store = Answer<'GET /restpp/stores'>['stores'][number];

interface RegionGroup {
  region: Place;
  communes: Array<{ commune: Place; province: Place; stores: Store[] }>;
}

/** Stores by region, then commune (district), in the order the server sorted them. */
function byPlace(stores: Store[]): RegionGroup[] {
  const groups: RegionGroup[] = [];
  for (const store of stores) {
    let group = groups.find((g) => g.region.code === store.region.code);
    if (!group) groups.push((group = { region: store.region, communes: [] }));
    let commune = group.communes.find((c) => c.commune.code === store.commune.code);
    if (!commune) group.communes.push((commune = { commune: store.commune, province: store.province, stores: [] }));
    commune.stores.push(store);
  }
  return groups;
}

/** Public and server-rendered: `?region=` narrows the list, so the filter works without JavaScript. */
export async function loader({ request, context }: LoaderArgs) {
  const res = await context.api<'GET /restpp/stores'>('/restpp/stores');
  const all = byPlace(res.body.stores ?? []);
  const chosen = new URL(request.url).searchParams.get('region');
  const regions = all.map((g) => g.region);
  const shown = all.filter((g) => !chosen || g.region.code === chosen);
  return { regions, groups: shown, chosen: shown.length === all.length ? null : chosen, total: res.body.stores?.length ?? 0 };
}

export default function StoreLocator() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();
  const hasProvince = market.geography.level2 !== null;
  return (
    <section className="page">
      <h1>{t('stores.title')}</h1>
      <p>{t('stores.intro', { count: data.total })}</p>
      <form method="get" className="store-filter">
        <div className="field">
          <label htmlFor="store-region">{market.geography.level1}</label>
          <select id="store-region" name="region" defaultValue={data.chosen ?? ''}>
            <option value="">{t('stores.filter.all')}</option>
            {data.regions.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-ghost">
          {t('stores.filter.submit')}
        </button>
      </form>
      {data.groups.length === 0 && <p>{t('stores.empty')}</p>}
      {data.groups.map((group) => (
        <section key={group.region.code} aria-labelledby={`region-${group.region.code}`} className="store-region">
          <h2 id={`region-${group.region.code}`}>{group.region.name}</h2>
          {group.communes.map(({ commune, province, stores }) => (
            <div key={commune.code}>
              <h3>{hasProvince ? t('stores.place', { commune: commune.name, province: province.name }) : commune.name}</h3>
              <ul className="store-list">
                {stores.map((s) => (
                  <li key={s.id} data-testid="store">
                    <strong>{s.name}</strong>
                    <br />
                    {s.address}
                    <br />
                    {t('stores.hours', { hours: s.openingHours })}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </section>
  );
}
