import { describe, expect, it } from 'vitest';
import { foldForSearch, sortAreas, sortBySpanishName } from '../src/spanish-order.ts';

describe('Spanish order', () => {
  it('puts Ñ after N and ignores accents when sorting', () => {
    const names = sortBySpanishName([
      { name: 'Zapallar' },
      { name: 'Ñuñoa' },
      { name: 'Ñuble' },
      { name: 'Nogales' },
      { name: 'Ávila' },
      { name: 'Arica' },
    ]).map((a) => a.name);
    expect(names).toEqual(['Arica', 'Ávila', 'Nogales', 'Ñuble', 'Ñuñoa', 'Zapallar']);
  });

  it('orders top-level areas by the market order first, unknown codes last', () => {
    const areas = [
      { code: '13', name: 'Metropolitana' },
      { code: '99', name: 'Antártica' },
      { code: '15', name: 'Arica y Parinacota' },
      { code: '01', name: 'Tarapacá' },
    ];
    expect(sortAreas(areas, ['15', '01', '13']).map((a) => a.code)).toEqual(['15', '01', '13', '99']);
    expect(sortAreas(areas, null).map((a) => a.code)).toEqual(['99', '15', '13', '01']);
  });

  it('folds accents and spacing for search', () => {
    expect(foldForSearch('  Junín   Huancayo ')).toBe('junin huancayo');
  });
});
