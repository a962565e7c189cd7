/**
 * The warehouse's availability service (ARCHITECTURE §5): how many units of each sku can still be
 * sold. Asked when equipment goes into a cart; the order's reservation then takes the units.
 */
export interface InventoryPort {
  /** Units available per sku (a sku the warehouse does not know is absent). Throws when unreachable. */
  availability(skuIds: ReadonlyArray<string>): Promise<Map<string, number>>;
}

/** The warehouse could not be reached: the shop answers `Error.Interface.Integration.ConnectRealService`. */
export class InventoryUnavailable extends Error {
  constructor(readonly skuId: string) {
    super(`inventory: availability of ${skuId} could not be read`);
  }
}
