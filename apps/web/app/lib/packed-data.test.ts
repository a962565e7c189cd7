import { describe, expect, it } from 'vitest';
import { pack, unpack, type Packed } from './packed-data.ts';

describe('loader data packed as one JSON text', () => {
  it('decodes a text it did not pack, as the browser does, once: the page and its title share the value', () => {
    const value = { name: 'Samsung Galaxy A55 5G', price: { amount: 399990, formatted: '$399.990' }, tags: ['5G', 'a</script>'] };
    const decoded = unpack(JSON.stringify(value) as Packed<typeof value>);
    expect(decoded).toEqual(value);
    expect(unpack(JSON.stringify(value) as Packed<typeof value>)).toBe(decoded);
  });

  it('gives the server its own value back for a text it just packed, and parses those it no longer keeps', () => {
    const first = { id: 0 };
    const text = pack(first);
    expect(unpack(text)).toBe(first);
    for (let id = 1; id <= 100; id++) pack({ id });
    expect(unpack(text)).not.toBe(first);
    expect(unpack(text)).toEqual(first);
  });
});
