import type { SiteId } from '@andes/domain/market';

/** What the operator's SIM stock knows of one chip (docs/decisions/025). */
export interface ChipRecord {
  /** The market whose stock the chip belongs to. */
  market: SiteId;
  /** A plan chip or a prepaid one. */
  kind: 'plan' | 'prepaid';
  /** sold (in a customer's hands, ready to activate), active (a line's), lost (reported lost or stolen). */
  status: 'sold' | 'active' | 'lost';
}

/**
 * The operator's SIM inventory (ARCHITECTURE §5): the chips it made, their market and kind, and whether
 * each was sold, activated or reported lost. Told when a chip becomes a line.
 */
export interface SimInventoryPort {
  /** The chip with this ICCID, or null when the stock has none. Throws when unreachable. */
  chip(iccid: string): Promise<ChipRecord | null>;
  /** Records that the chip is now the line of this number. */
  activated(iccid: string, phoneNumber: string): Promise<void>;
}
