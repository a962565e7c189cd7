import { useLoaderData, type MetaFunction } from 'react-router';
import { COMPARE_MAX, COMPARE_PATH, compareHref, type CompareSpec } from '@andes/domain/compare';
import type { Answer } from '@andes/contract/caller';
import { pageTitle, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { PriceBlockView } from '../../features/catalogue/price-block.tsx';
import { TableScroll } from '../../ui/table-scroll.tsx';
import '../../features/catalogue/catalogue.css';

export const handle = messageGroups('catalogue');

type Phone = Answer<'GET /restpp/catalogue/compare'>['phones'][number];

/** Each compared spec's row label. */
const SPEC_ROWS: ReadonlyArray<[CompareSpec, string]> = [
  ['pantalla', 'compare.row.pantalla'],
  ['cámara trasera', 'compare.row.camera'],
  ['batería', 'compare.row.battery'],
  ['memoria', 'compare.row.memory'],
  ['red', 'compare.row.network'],
];

/** Server-rendered: the phones are in the address (shareable), the "add" picker is a GET form (works without JavaScript). */
export async function loader({ request, context }: LoaderArgs) {
  const ids = new URL(request.url).searchParams.getAll('ids').join(',');
  const res = await context.api<'GET /restpp/catalogue/compare'>(`/restpp/catalogue/compare?${new URLSearchParams({ ids })}`);
  if (!res.body.success) throw new Response('Comparison unavailable', { status: res.status });
  const { phones, missing, extra, choices } = res.body;
  return { phones, missing, extra, choices };
}

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'compare.title');

export default function ComparePage() {
  const { phones, missing, extra, choices } = useLoaderData<typeof loader>();
  const t = useT();
  const ids = phones.map((p) => p.productId);
  return (
    <>
      <header className="hero">
        <h1>{t('compare.title')}</h1>
        <p>{t('compare.intro', { max: COMPARE_MAX })}</p>
      </header>
      {extra > 0 && (
        <p className="alert alert-info" role="status">
          {t('compare.extra', { max: COMPARE_MAX })}
        </p>
      )}
      {missing.length > 0 && (
        <p className="alert alert-info" role="status">
          {t('compare.missing')}
        </p>
      )}
      <section className="page">
        {phones.length === 0 ? <p>{t('compare.empty')}</p> : <CompareTable phones={phones} />}
        {phones.length < COMPARE_MAX ? (
          <form method="get" action={COMPARE_PATH} className="compare-add">
            {ids.length > 0 && <input type="hidden" name="ids" value={ids.join(',')} />}
            <label htmlFor="compare-add">{t('compare.add')}</label>
            <select id="compare-add" name="ids" required defaultValue="">
              <option value="" disabled>
                {t('compare.add')}
              </option>
              {choices.map((c) => (
                <option key={c.productId} value={c.productId}>
                  {c.displayName}
                </option>
              ))}
            </select>
            <button type="submit" className="button">
              {t('compare.addButton')}
            </button>
          </form>
        ) : (
          <p>{t('compare.full', { max: COMPARE_MAX })}</p>
        )}
      </section>
    </>
  );
}

function CompareTable({ phones }: { phones: Phone[] }) {
  const t = useT();
  const caption = t('compare.caption', { count: phones.length });
  const without = (id: string) => compareHref(phones.map((p) => p.productId).filter((p) => p !== id));
  const cell = (value: string | null) => value ?? t('compare.unknown');
  return (
    <TableScroll label={caption}>
      <table className="compare-table" data-testid="compare-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <td />
            {phones.map((p) => (
              <th scope="col" key={p.productId}>
                {p.image && <img src={p.image} alt="" width={120} height={108} loading="lazy" />}
                <a href={p.url} aria-label={t('compare.open', { name: p.displayName })}>
                  {p.displayName}
                </a>
                <a href={without(p.productId)} className="compare-remove">
                  {t('compare.remove', { name: p.displayName })}
                </a>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('compare.row.price')}</th>
            {phones.map((p) => (
              <td key={p.productId}>
                <PriceBlockView prices={p.prices} />
                {!p.inStock && <p>{t('compare.outOfStock')}</p>}
              </td>
            ))}
          </tr>
          {SPEC_ROWS.map(([spec, label]) => (
            <tr key={spec}>
              <th scope="row">{t(label)}</th>
              {phones.map((p) => (
                <td key={p.productId}>{cell(p.specs[spec])}</td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">{t('compare.row.storages')}</th>
            {phones.map((p) => (
              <td key={p.productId}>{p.storages.length ? p.storages.join(' · ') : t('compare.unknown')}</td>
            ))}
          </tr>
        </tbody>
      </table>
    </TableScroll>
  );
}
