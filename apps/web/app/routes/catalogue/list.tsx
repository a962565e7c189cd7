import { useEffect } from 'react';
import { redirect, useLoaderData, type MetaFunction } from 'react-router';
import { catalogueEvents, type AnalyticsItem } from '@andes/domain/analytics-shop';
import { COMPARE_PATH } from '@andes/domain/compare';
import { catalogueHref, cataloguePages, catalogueSorts, type CatalogueKind } from '@andes/domain/catalogue-query';
import { formatMoney, roundForEvent } from '@andes/domain/money';
import { firstMonthPrice, planTerms } from '@andes/domain/plans';
import { RENEWAL_PATHS } from '@andes/domain/renewal';
import { pageTitle, useMarket, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { track } from '../../lib/analytics.ts';
import { PriceBlockView } from '../../features/catalogue/price-block.tsx';
import type { CatalogueRecord } from '../../features/catalogue/types.ts';
import type { Plan } from '../../features/plans/types.ts';
import '../../features/catalogue/catalogue.css';
import { messageGroups } from '../../lib/message-groups.ts';
import { pack, usePacked } from '../../lib/packed-data.ts';

export const handle = messageGroups('catalogue', 'phonePlan');

/** Server-rendered catalogue list: the filters live in the URL, so the GET form works without JS. */
export async function loader({ request, context }: LoaderArgs) {
  const url = new URL(request.url);
  const kind: CatalogueKind | undefined = cataloguePages[url.pathname];
  if (!kind) throw new Response('Not found', { status: 404 });
  const query = new URLSearchParams(url.search);
  query.set('kind', kind);
  let res = await context.api<'GET /restpp/catalogue/products'>(`/restpp/catalogue/products?${query.toString()}`);
  let errors: Record<string, string[]> = {};
  if (res.status === 400) {
    errors = res.body.validationError ?? {};
    res = await context.api<'GET /restpp/catalogue/products'>(`/restpp/catalogue/products?kind=${kind}`);
  }
  if (!res.body.success) throw new Response('Catalogue unavailable', { status: res.status });
  const { records, paging, facets, query: applied } = res.body;
  // a page past the end (an old link, a list that shrank): its last page, not "no products" under a count of them
  if (paging.page > paging.totalPages) {
    throw redirect(catalogueHref(url.pathname, new URLSearchParams(url.search), { page: paging.totalPages > 1 ? String(paging.totalPages) : null }));
  }
  return {
    kind,
    path: url.pathname,
    search: url.search,
    list: pack({ kind, records, paging, facets, query: applied }),
    errors,
    renewalPlan: kind === 'renewal' ? await renewalPlanOf(context) : null,
  };
}

/** The plan chosen on the renewal plan catalogue (kept in the session for a customer's line), if any. */
async function renewalPlanOf(context: LoaderArgs['context']): Promise<Plan | null> {
  const res = await context.api<'GET /restpp/order/select/plan'>('/restpp/order/select/plan');
  return res.body.success && res.body.activeSimType === 'additionalLine' ? res.body.selectedPlan : null;
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => pageTitle(matches, `catalogue.${data?.kind ?? 'phones'}.title`);

function itemOf(record: CatalogueRecord, currency: 'CLP' | 'PEN', index: number): AnalyticsItem {
  return {
    item_id: record.skuId,
    item_name: record.displayName,
    item_brand: record.brand,
    item_category: record.category,
    price: roundForEvent(record.price, currency),
    index,
  };
}

export default function CatalogueListPage() {
  const { kind, path, search, list: packedList, errors, renewalPlan } = useLoaderData<typeof loader>();
  const list = usePacked(packedList);
  const t = useT();
  const market = useMarket();
  const { records, paging, facets, query } = list;
  const params = new URLSearchParams(search);
  const major = (minor: number | null) => (minor === null ? '' : String(minor / 10 ** market.currencyDecimals));

  useEffect(() => {
    track(
      catalogueEvents.viewItemList(
        market.site,
        kind,
        records.map((r, i) => itemOf(r, market.currency, i)),
      ),
    );
  }, [market.site, market.currency, kind, records]);

  const fieldError = (name: string) =>
    errors[name]?.[0] ? (
      <p className="field-error" id={`filter-${name}-error`}>
        * {errors[name][0]}
      </p>
    ) : null;

  return (
    <>
      <header className="hero">
        <h1>{t(`catalogue.${kind}.title`)}</h1>
        <p>{t(`catalogue.${kind}.intro`)}</p>
        {kind === 'renewal' && (
          <p className="blue-box" data-testid="renewal-plan">
            {renewalPlan ? (
              <>
                {t('renewal.chosenPlan', { name: renewalPlan.planName, price: formatMoney(firstMonthPrice(planTerms(renewalPlan)), market.currency) })}{' '}
                <a href={RENEWAL_PATHS.plans}>{t('renewal.changePlan')}</a>
              </>
            ) : (
              <a href={RENEWAL_PATHS.plans}>{t('renewal.choosePlan')}</a>
            )}
          </p>
        )}
      </header>
      <div className="catalogue-layout">
        <form method="get" action={path} className="page catalogue-filters" aria-labelledby="filters-title">
          <h2 id="filters-title">{t('catalogue.filters.title')}</h2>
          <fieldset>
            <legend>{t('catalogue.filters.brand')}</legend>
            {facets.brands.map((brand) => (
              <label key={brand} className="filter-check">
                <input type="checkbox" name="brand" value={brand} defaultChecked={query.brands.some((b) => b.toLowerCase() === brand.toLowerCase())} />
                {brand}
              </label>
            ))}
          </fieldset>
          {kind === 'accessories' && (
            <fieldset>
              <label className="filter-label" htmlFor="filter-category">
                {t('catalogue.filters.category')}
              </label>
              <select id="filter-category" name="category" defaultValue={query.category ?? ''}>
                <option value="">{t('catalogue.filters.allCategories')}</option>
                {facets.categories.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </fieldset>
          )}
          <fieldset>
            {facets.priceRange && (
              <p className="field-hint" id="price-hint">
                {t('catalogue.filters.priceHint', { min: facets.priceRange.min.formatted, max: facets.priceRange.max.formatted })}
              </p>
            )}
            <label className="filter-label" htmlFor="filter-minPrice">
              {t('catalogue.filters.minPrice')}
            </label>
            <input
              id="filter-minPrice"
              type="number"
              name="minPrice"
              min={0}
              step={1}
              inputMode="numeric"
              defaultValue={major(query.minPrice)}
              aria-describedby="price-hint"
              aria-invalid={errors.minPrice ? true : undefined}
            />
            {fieldError('minPrice')}
            <label className="filter-label" htmlFor="filter-maxPrice">
              {t('catalogue.filters.maxPrice')}
            </label>
            <input
              id="filter-maxPrice"
              type="number"
              name="maxPrice"
              min={0}
              step={1}
              inputMode="numeric"
              defaultValue={major(query.maxPrice)}
              aria-describedby="price-hint"
              aria-invalid={errors.maxPrice ? true : undefined}
            />
            {fieldError('maxPrice')}
          </fieldset>
          <fieldset>
            <label className="filter-label" htmlFor="filter-sort">
              {t('catalogue.filters.sort')}
            </label>
            <select id="filter-sort" name="sort" defaultValue={query.sort}>
              {catalogueSorts.map((s) => (
                <option key={s} value={s}>
                  {t(`catalogue.sort.${s}`)}
                </option>
              ))}
            </select>
            {fieldError('sort')}
          </fieldset>
          <button type="submit" className="button button-wide">
            {t('catalogue.filters.apply')}
          </button>
          <p>
            <a href={path}>{t('catalogue.filters.clear')}</a>
          </p>
        </form>
        <section aria-labelledby="results-title">
          <h2 id="results-title" aria-live="polite">
            {t('catalogue.results', { count: paging.totalRecords })}
          </h2>
          {records.length === 0 ? (
            <p>{t('catalogue.empty')}</p>
          ) : (
            <ul className="product-grid">
              {records.map((record, i) => (
                <li key={record.productId}>
                  <ProductCard
                    record={record}
                    comparable={kind !== 'accessories'}
                    onSelect={() => track(catalogueEvents.selectItem(market.site, kind, itemOf(record, market.currency, i)))}
                  />
                </li>
              ))}
            </ul>
          )}
          {kind !== 'accessories' && records.length > 1 && (
            // the cards' "Comparar" boxes belong to this form (their form attribute): a GET to the comparison, with or without JavaScript
            <form id={COMPARE_FORM} method="get" action={COMPARE_PATH} className="compare-pick">
              <button type="submit" className="button button-ghost">
                {t('compare.pickSubmit')}
              </button>
            </form>
          )}
          {paging.totalPages > 1 && (
            <nav className="pager" aria-label={t('catalogue.pager.label')}>
              {paging.page > 1 && <a href={catalogueHref(path, params, { page: String(paging.page - 1) })}>{t('catalogue.pager.previous')}</a>}
              <span>{t('catalogue.pager.page', { page: paging.page, pages: paging.totalPages })}</span>
              {paging.page < paging.totalPages && <a href={catalogueHref(path, params, { page: String(paging.page + 1) })}>{t('catalogue.pager.next')}</a>}
            </nav>
          )}
        </section>
      </div>
    </>
  );
}

const COMPARE_FORM = 'compare-form';

function ProductCard({ record, comparable, onSelect }: { record: CatalogueRecord; comparable: boolean; onSelect: () => void }) {
  const t = useT();
  return (
    <article className="product-card" data-testid="product-card">
      <a href={record.url} onClick={onSelect}>
        <img src={record.image} alt="" width={200} height={180} loading="lazy" />
        <p className="product-brand">{record.brand}</p>
        <h3>{record.displayName}</h3>
      </a>
      <PriceBlockView prices={record.prices} />
      {!record.inStock && <p className="stock-out">{t('catalogue.card.outOfStock')}</p>}
      {comparable && (
        <label className="compare-check">
          <input type="checkbox" name="ids" value={record.productId} form={COMPARE_FORM} /> {t('compare.pick')}
          <span className="visually-hidden"> {record.displayName}</span>
        </label>
      )}
    </article>
  );
}
