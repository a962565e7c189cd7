import { inArray, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import type { SearchKind } from '@andes/domain/catalogue-search';

export interface SearchHit {
  id: string;
  kind: SearchKind;
  brand: string;
  title: string;
  score: number;
}

/**
 * A name close to the query in spelling (pg_trgm's word similarity: the query's trigrams found in the
 * best-matching stretch of the name): 0.5 lets "samsumg" find Samsung and "iphon" iPhone, while
 * "xqzt" finds nothing.
 */
const TYPO_THRESHOLD = 0.5;

/**
 * Sellable products (with a sku) and the plans sold online matching `text`: by Spanish full-text
 * search over name, brand, category and description (word forms: "cargadores" finds "cargador"), or by
 * a name spelled close to the query. Both sides are folded (search_fold: lower case, no accents).
 * Ranked: a close name first, then text relevance.
 */
export async function searchCatalogue(db: Db, text: string): Promise<SearchHit[]> {
  const result = (await db.execute(sql`
    with q as (
      select search_fold(${text}) as folded, websearch_to_tsquery('spanish', search_fold(${text})) as ts
    ),
    items as (
      select p.id, p.kind, p.brand, p.display_name as title,
             search_fold(p.display_name || ' ' || p.brand || ' ' || p.model) as name,
             to_tsvector('spanish', search_fold(p.display_name || ' ' || p.brand || ' ' || p.category || ' ' || p.description)) as doc
        from products p
       where exists (select 1 from skus s where s.product_id = p.id)
      union all
      select pl.id, 'plan', '', pl.commerce_name,
             search_fold(pl.commerce_name || ' ' || pl.plan_name || ' plan ' || pl.data),
             to_tsvector('spanish', search_fold('plan ' || pl.commerce_name || ' ' || pl.data || ' ' || pl.voice || ' ' || coalesce(pl.promotion, '')))
        from plans pl
       where pl.show_in_activation_flow
    )
    select i.id, i.kind, i.brand, i.title,
           (word_similarity(q.folded, i.name) * 2 + ts_rank(i.doc, q.ts))::float8 as score
      from items i, q
     where i.doc @@ q.ts or word_similarity(q.folded, i.name) >= ${TYPO_THRESHOLD}
     order by score desc, i.title
  `)) as unknown as { rows: Array<Omit<SearchHit, 'score'> & { score: number | string }> };
  return result.rows.map((r) => ({ ...r, score: Number(r.score) }));
}

/** The plans among a search's hits, with what a result shows. */
export async function plansByIds(db: Db, ids: string[]) {
  if (!ids.length) return [];
  const { plans } = schema;
  return db
    .select({ id: plans.id, price: plans.price, commercePrice: plans.commercePrice, data: plans.data, discountMonths: plans.discountMonths })
    .from(plans)
    .where(inArray(plans.id, ids));
}
