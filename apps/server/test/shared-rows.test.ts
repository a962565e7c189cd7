import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '@andes/db/client';
import { loadConfig } from '../src/config.ts';
import { sharedRows } from '../src/http/shared-rows.ts';

const config = { publicRowsSeconds: 5 };
const db = { db: {} as Db, config };
const otherDb = { db: {} as Db, config };

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

  it('a key asked for in its last second is read again while its answers keep the rows they have', async () => {
    vi.useFakeTimers();
    const rows = sharedRows<string, number>();
    let reads = 0;
    let finishRead!: () => void;
    const read = () => (++reads === 1 ? Promise.resolve(1) : new Promise<number>((resolve) => (finishRead = () => resolve(reads))));
    expect(await rows(db, 'phones', read)).toBe(1);
    vi.advanceTimersByTime(3999);
    expect(await rows(db, 'phones', read)).toBe(1);
    expect(reads).toBe(1);
    vi.advanceTimersByTime(2);
    // 40 answers in the last second: one read starts, none waits for it
    expect(await Promise.all(Array.from({ length: 40 }, () => rows(db, 'phones', read)))).toEqual(Array(40).fill(1));
    expect(reads).toBe(2);
    finishRead();
    await vi.advanceTimersByTimeAsync(0);
    expect(await rows(db, 'phones', read)).toBe(2);
    // the new rows count their five seconds from when their read started
    vi.advanceTimersByTime(3998);
    expect(await rows(db, 'phones', read)).toBe(2);
    expect(reads).toBe(2);
  });

  it('a read ahead that fails leaves the rows to expire as they would have', async () => {
    vi.useFakeTimers();
    const rows = sharedRows<string, string>();
    expect(await rows(db, 'x', async () => 'first')).toBe('first');
    vi.advanceTimersByTime(4500);
    expect(await rows(db, 'x', () => Promise.reject(new Error('database down')))).toBe('first');
    await vi.advanceTimersByTimeAsync(0);
    expect(await rows(db, 'x', async () => 'not asked')).toBe('first');
    vi.advanceTimersByTime(501);
    expect(await rows(db, 'x', async () => 'read again')).toBe('read again');
  });

  it('a key read again goes to the end of the bound: the keys dropped first are those read longest ago', async () => {
    vi.useFakeTimers();
    const rows = sharedRows<string, string>();
    let hotReads = 0;
    const hot = async () => `hot ${++hotReads}`;
    await rows(db, 'hot', hot);
    for (let i = 0; i < 998; i++) await rows(db, `made-up-${i}`, async () => 'none');
    vi.advanceTimersByTime(4500);
    expect(await rows(db, 'hot', hot)).toBe('hot 1');
    await vi.advanceTimersByTimeAsync(0);
    expect(hotReads).toBe(2);
    // the thousandth and the next key: each drops the oldest, made-up-0 then made-up-1, never 'hot'
    await rows(db, 'made-up-998', async () => 'none');
    await rows(db, 'made-up-999', async () => 'none');
    expect(await rows(db, 'hot', hot)).toBe('hot 2');
    expect(hotReads).toBe(2);
  });

  it('PUBLIC_ROWS_SECONDS=0: every answer reads the database, none is kept', async () => {
    const rows = sharedRows<string, number>();
    const readEveryTime = { db: db.db, config: { publicRowsSeconds: 0 } };
    let reads = 0;
    const read = async () => ++reads;
    expect(await Promise.all(Array.from({ length: 40 }, () => rows(readEveryTime, 'phones', read)))).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await rows(db, 'phones', read)).toBe(41);
    expect(await rows(db, 'phones', read)).toBe(41);
  });

  it('PUBLIC_ROWS_SECONDS is 5 unless set, and only whole seconds from 0 to 60', () => {
    const secondsOf = (value?: string) => loadConfig({ SITE: 'cl', SANDBOX: '1', PUBLIC_ROWS_SECONDS: value }).publicRowsSeconds;
    expect(secondsOf()).toBe(5);
    expect(secondsOf('0')).toBe(0);
    expect(secondsOf('60')).toBe(60);
    for (const bad of ['-1', '1.5', '61', 'five']) expect(() => secondsOf(bad), bad).toThrow(/PUBLIC_ROWS_SECONDS/);
  });

  it('a key shared for 1 s is read again in its last fifth, not for its whole life', async () => {
    vi.useFakeTimers();
    const rows = sharedRows<string, number>();
    const oneSecond = { db: db.db, config: { publicRowsSeconds: 1 } };
    let reads = 0;
    const read = async () => ++reads;
    expect(await rows(oneSecond, 'phones', read)).toBe(1);
    vi.advanceTimersByTime(799);
    expect(await rows(oneSecond, 'phones', read)).toBe(1);
    expect(reads).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await rows(oneSecond, 'phones', read)).toBe(1);
    expect(reads).toBe(2);
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
