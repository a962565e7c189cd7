import { describe, expect, it } from 'vitest';
import { nextWelcomeCookie, shouldShowWelcome } from '../src/welcome-carousel.ts';

describe('shouldShowWelcome', () => {
  it('threshold -1 shows only with alwaysDisplay, whatever the cookie', () => {
    expect(shouldShowWelcome({ threshold: -1, alwaysDisplay: true, viewCount: null })).toBe(true);
    expect(shouldShowWelcome({ threshold: -1, alwaysDisplay: true, viewCount: 50 })).toBe(true);
    expect(shouldShowWelcome({ threshold: -1, alwaysDisplay: false, viewCount: null })).toBe(false);
  });

  it('threshold 0 never shows', () => {
    expect(shouldShowWelcome({ threshold: 0, alwaysDisplay: true, viewCount: null })).toBe(false);
    expect(shouldShowWelcome({ threshold: 0, alwaysDisplay: false, viewCount: null })).toBe(false);
  });

  it('other non-positive or non-numeric thresholds never show', () => {
    expect(shouldShowWelcome({ threshold: -2, alwaysDisplay: true, viewCount: null })).toBe(false);
    expect(shouldShowWelcome({ threshold: Number.NaN, alwaysDisplay: true, viewCount: null })).toBe(false);
  });

  it('a count above the threshold does not show, even with alwaysDisplay', () => {
    expect(shouldShowWelcome({ threshold: 3, alwaysDisplay: true, viewCount: 4 })).toBe(false);
    expect(shouldShowWelcome({ threshold: 3, alwaysDisplay: false, viewCount: 4 })).toBe(false);
  });

  it('shows once: on the first visit, when there is no cookie', () => {
    expect(shouldShowWelcome({ threshold: 3, alwaysDisplay: false, viewCount: null })).toBe(true);
    expect(shouldShowWelcome({ threshold: 3, alwaysDisplay: false, viewCount: 1 })).toBe(false);
  });

  it('shows on every view up to the threshold with alwaysDisplay', () => {
    for (const viewCount of [null, 1, 2, 3]) {
      expect(shouldShowWelcome({ threshold: 3, alwaysDisplay: true, viewCount })).toBe(true);
    }
  });

  it('with alwaysDisplay, following the cookie, shows threshold + 1 times', () => {
    let viewCount: number | null = null;
    let shown = 0;
    for (let visit = 0; visit < 10; visit++) {
      if (shouldShowWelcome({ threshold: 2, alwaysDisplay: true, viewCount })) {
        shown++;
        viewCount = Number(nextWelcomeCookie(viewCount).value);
      }
    }
    expect(shown).toBe(3);
  });
});

describe('nextWelcomeCookie', () => {
  it('counts the view and expires in one year', () => {
    expect(nextWelcomeCookie(null)).toEqual({ value: '1', maxAgeMs: 31536000000 });
    expect(nextWelcomeCookie(1)).toEqual({ value: '2', maxAgeMs: 31536000000 });
  });

  it('restarts a corrupt count at 1', () => {
    expect(nextWelcomeCookie(Number.NaN).value).toBe('1');
    expect(nextWelcomeCookie(-4).value).toBe('1');
  });
});
