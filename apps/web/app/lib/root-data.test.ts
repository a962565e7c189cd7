import { describe, expect, it } from 'vitest';
import { getMarket } from '@andes/domain/market';
import { pack } from './packed-data.ts';
import { pageTitle, rootDataOf, type RootLoaderData } from './root-data.ts';

const loaded = (site: 'cl' | 'pe'): RootLoaderData => ({
  market: pack(getMarket(site)),
  csrfToken: 'token',
  nonce: 'nonce',
  profile: { securityStatus: 0, userType: 'new' },
  settings: { welcomeThreshold: 3, welcomeAlways: false, sandbox: true, gtmId: null, features: ['clickToCall'] },
});

describe('root data as it travels, its market packed', () => {
  it('decodes the market as the server had it, in both markets', () => {
    for (const site of ['cl', 'pe'] as const) expect(rootDataOf(loaded(site))?.market).toEqual(getMarket(site));
  });

  it('is the same object for the same loader data: the shell effects keyed on it (the page view) run once', () => {
    const data = loaded('cl');
    const first = rootDataOf(data);
    expect(rootDataOf(data)).toBe(first);
    expect(rootDataOf(data)?.market).toBe(first?.market);
    expect(rootDataOf(loaded('cl'))).not.toBe(first);
  });

  it('titles a page with the brand of the packed market', () => {
    const title = pageTitle([{ id: 'root', data: { ...loaded('pe'), messages: undefined } }], 'shell.notFound.title');
    expect(title[0]!.title).toMatch(new RegExp(`\\| ${getMarket('pe').brandName}$`));
  });
});
