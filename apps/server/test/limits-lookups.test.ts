import { describe, expect, it } from 'vitest';
import { rutCheckDigit } from '@andes/domain/rut';
import type { SiteId } from '@andes/domain/market';
import { drivers, Visitor, bothSites } from './helpers.ts';

/**
 * The calls that say something about a person (the credit check, the identity questions and their
 * answers) are counted per address and per document before the bureau is asked, so a stranger can
 * neither sweep documents from one address nor farm one document's question sets from many
 * (docs/decisions/014-what-strangers-learn.md). Each limit under a burst of 40 parallel calls.
 */
const BURST = 40;

/** A document the sandbox bureaus answer for, one per n: a valid RUT in Chile, a DNI in Peru. */
const documentOf = (market: SiteId, n: number) => {
  const body = String(31_000_001 + n * 10);
  return market === 'cl' ? `${body}-${rutCheckDigit(body)}` : body;
};

const statuses = (answers: Array<{ statusCode: number }>) => answers.map((r) => r.statusCode);
const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

describe.each(drivers)('limits on what is asked about people, under a burst (%s database)', (driver) => {
  const sites = bothSites(driver);

  describe.each(['cl', 'pe'] as const)('%s', (market: SiteId) => {
    const site = () => sites[market];
    const net = market === 'cl' ? 130 : 131;
    const visitors = (n: number, from: number) => Promise.all(Array.from({ length: n }, (_, i) => new Visitor(site().app, `203.0.${net}.${from + i}`).open()));
    const credit = (v: Visitor, document: string) => v.call('POST', '/restpp/subscriber/active/customer', { document, purpose: 'financing' });
    const questions = (v: Visitor, document: string) => v.call('POST', '/restpp/subscriber/active/questions', { document });

    it('credit check: 40 documents at once from one address get the 10 answers of the hour', async () => {
      const [v] = await visitors(1, 1);
      const codes = statuses(await Promise.all(Array.from({ length: BURST }, (_, i) => credit(v!, documentOf(market, i)))));
      expect(count(codes, 200)).toBe(10);
      expect(count(codes, 429)).toBe(BURST - 10);
    });

    it('credit check: one document asked from 40 addresses at once gets 5 answers of the hour', async () => {
      const document = documentOf(market, 100);
      const answers = await Promise.all((await visitors(BURST, 10)).map((v) => credit(v, document)));
      const codes = statuses(answers);
      expect(count(codes, 200)).toBe(5);
      expect(count(codes, 429)).toBe(BURST - 5);
      expect(answers.find((r) => r.statusCode === 429)!.json().response.systemMessage[0].exceptionKey).toBe('pp.error.too.many.requests');
    });

    it('identity questions: 40 documents at once from one address open 10 rounds', async () => {
      const [v] = await visitors(1, 60);
      const codes = statuses(await Promise.all(Array.from({ length: BURST }, (_, i) => questions(v!, documentOf(market, 200 + i)))));
      expect(count(codes, 200)).toBe(10);
      expect(count(codes, 429)).toBe(BURST - 10);
    });

    it("identity questions: one document's rounds asked from 40 addresses at once open 5 in a day", async () => {
      const document = documentOf(market, 300);
      const codes = statuses(await Promise.all((await visitors(BURST, 70)).map((v) => questions(v, document))));
      expect(count(codes, 200)).toBe(5);
      expect(count(codes, 429)).toBe(BURST - 5);
    });

    it('identity answers: 40 at once from one address get 20 looked at, and no more than 3 rounds of a document judged', async () => {
      const document = documentOf(market, 400);
      const rounds: string[] = [];
      for (const v of await visitors(5, 120)) rounds.push((await questions(v, document)).json().challengeId);
      const [v] = await visitors(1, 130);
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          v!.call('POST', '/restpp/subscriber/active/answers', { challengeId: rounds[i % rounds.length], answers: { q1: 'o_wrong', q2: 'o_wrong' } }),
        ),
      );
      const codes = statuses(answers);
      expect(count(codes, 429)).toBe(BURST - 20);
      const outcomes = answers.filter((r) => r.statusCode === 200).map((r) => r.json().outcome);
      expect(outcomes.length).toBeLessThanOrEqual(3);
      expect(outcomes).not.toContain('passed');
    });
  });
});
