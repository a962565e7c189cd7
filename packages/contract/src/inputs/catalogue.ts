import { z } from 'zod';
import { catalogueKinds, catalogueQuerySchema, type CatalogueKind } from '@andes/domain/catalogue-query';
import { SEARCH_LIMIT_MAX, searchKinds, type SearchKind } from '@andes/domain/catalogue-search';

const id = (key: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,120}$/, key);

export const productParams = z.object({ productId: id('product.error.id') });
export const equipmentParams = z.object({ equipmentId: id('product.error.id') });

export const kindQuery = z.object({
  kind: z.enum(catalogueKinds as [CatalogueKind, ...CatalogueKind[]], 'catalogue.error.kind'),
});

export const priceValidateBody = z.object({
  skuId: id('product.error.sku'),
  price: z.number('product.error.price').int('product.error.price').nonnegative('product.error.price'),
  /** A renewal visit checks the renewal cash price. */
  renewal: z.boolean('validation.invalid').optional(),
});

export const insuranceBody = z.object({
  skuId: id('product.error.sku'),
  insurances: z.array(z.string().trim().min(1).max(80), 'product.error.insurance.list').max(10, 'product.error.insurance.list'),
});

export const campaignQuery = z.object({
  campaignID: z
    .string('validation.required')
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,80}$/, 'phonePlan.error.campaignId'),
});

/** A catalogue page path's JSON list: asked with these two fields, its filters beside them. */
export const catalogueListQuery = catalogueQuerySchema.safeExtend({ contentType: z.literal('ppEquipmentList'), format: z.literal('json-rest') });
/** The catalogue list by kind. */
export const catalogueProductsQuery = catalogueQuerySchema.safeExtend(kindQuery.shape);

/**
 * The catalogue search. `q` is never refused for what it holds (an empty or garbage query answers an
 * empty list); only a malformed kind or limit is.
 */
export const searchQuery = z.object({
  q: z.string('search.error.query').optional().default(''),
  kind: z.enum(searchKinds as [SearchKind, ...SearchKind[]], 'search.error.kind').optional(),
  limit: z.coerce.number('search.error.limit').int('search.error.limit').min(1, 'search.error.limit').max(SEARCH_LIMIT_MAX, 'search.error.limit').optional(),
});

/** Phones to compare: ids separated by commas; malformed ones are ignored, more than COMPARE_MAX cut. */
export const compareQuery = z.object({ ids: z.string('compare.error.ids').max(1000, 'compare.error.ids').optional().default('') });
