import { afterEach, describe, expect, it } from 'vitest';
import { busyState, holdBusy, releaseAllBusy, subscribeBusy, whileBusy } from './busy.ts';

afterEach(() => releaseAllBusy());

describe('the busy state behind the loading overlay', () => {
  it('shows while any hold is left, with the newest message', () => {
    const first = holdBusy('Agregando…');
    const second = holdBusy();
    expect(busyState()).toEqual({ show: true, message: 'Agregando…' });
    first();
    expect(busyState()).toEqual({ show: true });
    second();
    expect(busyState()).toEqual({ show: false });
  });

  it('ends with its work whether the work answers or throws', async () => {
    await expect(whileBusy(async () => 'ok')).resolves.toBe('ok');
    expect(busyState().show).toBe(false);
    const failing = whileBusy(async () => {
      expect(busyState().show).toBe(true);
      throw new Error('network');
    });
    await expect(failing).rejects.toThrow('network');
    expect(busyState().show).toBe(false);
  });

  it('ends every hold when the page changes, and a late release of an ended hold changes nothing', () => {
    const release = holdBusy();
    holdBusy();
    releaseAllBusy();
    expect(busyState().show).toBe(false);
    const later = holdBusy();
    release();
    expect(busyState().show).toBe(true);
    later();
    expect(busyState().show).toBe(false);
  });

  it('tells its listeners of each change, with the same state object between changes', () => {
    let calls = 0;
    const stop = subscribeBusy(() => calls++);
    const before = busyState();
    expect(busyState()).toBe(before);
    const release = holdBusy();
    release();
    release();
    stop();
    holdBusy();
    expect(calls).toBe(2);
  });
});
