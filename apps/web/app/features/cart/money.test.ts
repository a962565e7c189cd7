import { describe, expect, it } from 'vitest';
import { analyticsItems } from './money.ts';

describe('analyticsItems', () => {
  it('counts a multi_ plan as 2 in every cart and purchase event (SPEC §3), rounding prices to major units', () => {
    expect(
      analyticsItems('PEN', [
        { id: 'multi_PO_PLAN_LIBRE_DUO', name: 'Plan Libre Dúo', price: 12990, quantity: 1 },
        { id: 'PO_PLAN_LIBRE_40', name: 'Plan Libre 40 GB', price: 5990, quantity: 1 },
        { id: 'sku_PO_AC_JBL_FLIP_6_1', name: 'JBL Flip 6', color: 'Negro', price: 49900, quantity: 2 },
      ]).map((i) => [i.item_id, i.quantity, i.item_variant]),
    ).toEqual([
      ['multi_PO_PLAN_LIBRE_DUO', 2, undefined],
      ['PO_PLAN_LIBRE_40', 1, undefined],
      ['sku_PO_AC_JBL_FLIP_6_1', 2, 'Negro'],
    ]);
  });
});
