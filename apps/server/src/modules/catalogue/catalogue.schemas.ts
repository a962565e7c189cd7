import { z } from 'zod';
import { catalogueKinds, type CatalogueKind } from '@andes/domain/catalogue-query';

const id = (key: string) => z.string().trim().regex(/^[A-Za-z0-9_-]{1,120}$/, key);

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

