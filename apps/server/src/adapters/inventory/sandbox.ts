import { inArray } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import { InventoryUnavailable, type InventoryPort } from './port.ts';

/**
 * docs/sandbox.md: this sku (JBL Wave Beam, colour Beige) simulates the warehouse being unreachable,
 * so the add-to-cart error modal's `Error.Interface.Integration.ConnectRealService` can be seen.
 */
export const SANDBOX_INVENTORY_DOWN_SKU = 'sku_PO_AC_JBL_WAVE_BEAM_2';

/** The sandbox warehouse: its stock is the shop's own `skus.stock` (reservations take from it too). */
export function sandboxInventory(db: Db): InventoryPort {
  return {
    async availability(skuIds) {
      const down = skuIds.find((id) => id === SANDBOX_INVENTORY_DOWN_SKU);
      if (down) throw new InventoryUnavailable(down);
      if (!skuIds.length) return new Map();
      const rows = await db
        .select({ id: schema.skus.id, stock: schema.skus.stock })
        .from(schema.skus)
        .where(inArray(schema.skus.id, [...skuIds]));
      return new Map(rows.map((r) => [r.id, r.stock]));
    },
  };
}
