import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '@andes/db/client';
import { sharedRows } from '../src/modules/catalogue/shared-rows.service.ts';

const db = {} as Db;
const otherDb = {} as Db;

describe('catalogue rows shared for a few seconds', () => {
  afterEach(() => vi.useRealTimers());

  it('one read for concurrent and repeated misses of a key, per database, until it expires', async () => {
    vi.useFakeTimers();
    const rows = sharedRows<string, number>();
    let reads = 0;
    const read = async () => ++reads;
    expect(await Promise.all(Array.from({ length: 40 }, () => rows(db, 'phones', read)))).toEqual(Array(40).fill(1));
    expect(await rows(db, 'phones', read)).toBe(1);
    expect(await rows(otherDb, 'phones', read)).toBe(2);
    expect(await rows(db, 'accessories', read)).toBe(3);
    vi.advanceTimersByTime(5001);
    expect(await rows(db, 'phones', read)).toBe(4);
  });

  it('keeps no failed read, and no more than a thousand keys', async () => {
    const rows = sharedRows<string, string>();
    await expect(rows(db, 'x', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await rows(db, 'x', async () => 'read again')).toBe('read again');
    for (let i = 0; i < 1500; i++) await rows(db, `made-up-${i}`, async () => 'none');
    let reads = 0;
    await rows(db, 'x', async () => String(++reads));
    expect(reads).toBe(1);
  });
});
