import { useEffect } from 'react';
import { useLoaderData, type MetaFunction } from 'react-router';
import { catalogueEvents } from '@andes/domain/analytics-shop';
import { SEARCH_PATH, searchHref, searchKinds, type SearchKind } from '@andes/domain/catalogue-search';
import type { Answer } from '@andes/contract/caller';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { PriceBlockView } from '../../features/catalogue/price-block.tsx';
import '../../features/catalogue/catalogue.css';

export const handle = messageGroups('catalogue');

type SearchResult = Answer<'GET /restpp/catalogue/search'>['results'][number];

/** Server-rendered results: the query and the kind live in the URL, so the page works without JavaScript. */
export async function loader({ request, context }: LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get('q') ?? '';
  const asked = url.searchParams.get('kind');
  const kind = searchKinds.includes(asked as SearchKind) ? (asked as SearchKind) : null;
  const query = new URLSearchParams({ q });
  if (kind) query.set('kind', kind);
  const res = await context.api<'GET /restpp/catalogue/search'>(`/restpp/catalogue/search?${query}`);
  if (!res.body.success) throw new Response('Search unavailable', { status: res.status });
  const { query: searched, results, total, facets } = res.body;
  return { q, kind, searched, results, total, facets };
}

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'search.title');

export default function SearchPage() {
  const { q, kind, searched, results, total, facets } = useLoaderData<typeof loader>();
  const t = useT();
  const market = useMarket();

  useEffect(() => {
    if (searched) track(catalogueEvents.search(market.site, searched, total));
  }, [market.site, searched, total]);

  return (
    <>
      <header className="hero">
        <h1>{searched ? t('search.heading', { query: searched }) : t('search.title')}</h1>
        <form method="get" action={SEARCH_PATH} role="search" className="search-page-form">
          <label htmlFor="search-page-q" className="visually-hidden">
            {t('shell.search.label')}
          </label>
          <input id="search-page-q" type="search" name="q" defaultValue={q} maxLength={200} autoComplete="off" placeholder={t('shell.search.placeholder')} />
          <button type="submit" className="button">
            {t('shell.search.submit')}
          </button>
        </form>
      </header>
      {!searched ? (
        <p className="page">{t('search.prompt')}</p>
      ) : (
        <section className="page" aria-labelledby="search-count">
          <h2 id="search-count" aria-live="polite">
            {t('search.count', { count: kind ? (facets.kinds.find((k) => k.kind === kind)?.count ?? 0) : total })}
          </h2>
          {total > 0 && (
            <nav aria-label={t('search.kinds')} className="search-kinds">
              <ul>
                <li>
                  <a href={searchHref(searched, null)} aria-current={kind === null ? 'page' : undefined}>
                    {t('search.kind.all', { count: total })}
                  </a>
                </li>
                {facets.kinds.map((k) => (
                  <li key={k.kind}>
                    <a href={searchHref(searched, k.kind)} aria-current={kind === k.kind ? 'page' : undefined}>
                      {t('search.kindCount', { kind: t(`search.kind.${k.kind}`), count: k.count })}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {results.length === 0 ? (
            <p data-testid="search-empty">{t('search.empty', { query: searched })}</p>
          ) : (
            <ul className="product-grid" data-testid="search-results">
              {results.map((r) => (
                <li key={`${r.kind}-${r.id}`}>
                  <ResultCard result={r} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}

function ResultCard({ result }: { result: SearchResult }) {
  const t = useT();
  return (
    <article className="product-card" data-testid="search-result">
      <a href={result.url}>
        {result.image && <img src={result.image} alt="" width={200} height={180} loading="lazy" />}
        <p className="product-brand">{result.brand || t(`search.kind.${result.kind}`)}</p>
        <h3>{result.title}</h3>
      </a>
      {result.kind === 'plan' ? <PlanPrice result={result} /> : <PriceBlockView prices={result.prices} />}
    </article>
  );
}

function PlanPrice({ result }: { result: SearchResult }) {
  const t = useT();
  const list = result.prices.price.formatted;
  return (
    <div className="price-block">
      {result.data && <p>{t('search.plan.data', { data: result.data })}</p>}
      <p className="price-main">
        {result.promo
          ? result.promo.months
            ? t('search.plan.promo', { price: result.promo.price.formatted, months: result.promo.months, list })
            : t('search.plan.promoForever', { price: result.promo.price.formatted, list })
          : t('search.plan.monthly', { price: list })}
      </p>
    </div>
  );
}
