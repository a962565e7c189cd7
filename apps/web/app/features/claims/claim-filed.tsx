import { useEffect, useRef, useState } from 'react';
import { claimEvents } from '@andes/domain/analytics-account';
import { formatCalendarDay } from '@andes/domain/dates';
import { useMarket, useT } from '../../lib/root-data.ts';
import { withToken } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { ClaimStatusCheck } from './claim-status.tsx';
import type { Answer } from '@andes/contract/caller';

/** A filed sheet as `POST /restpp/peru/claims/book` answers it. */
export type FiledClaim = Answer<'POST /restpp/peru/claims/book'>['claim'];

/** The filed sheet: its code, due date, where the copy went, the PDF (once) and its status check. */
export function ClaimFiled({ claim }: { claim: FiledClaim }) {
  const t = useT();
  const market = useMarket();
  const [pdfTaken, setPdfTaken] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  // the form is gone: move the screen reader's and keyboard's place to what replaced it
  useEffect(() => title.current?.focus(), []);
  return (
    <section className="claim-filed" aria-labelledby="claim-filed-title">
      <h2 id="claim-filed-title" tabIndex={-1} ref={title}>
        {t('claims.filed.title', { kind: t(`claims.kind.${claim.kind}`) })}
      </h2>
      <p data-testid="claim-code">{t('claims.filed.code', { code: claim.code })}</p>
      <p data-testid="claim-due">{t('claims.filed.due', { date: formatCalendarDay(claim.dueOn, 'long') })}</p>
      <p>{t('claims.filed.email', { email: claim.email })}</p>
      {pdfTaken ? (
        <p role="status">{t('claims.filed.pdfTaken')}</p>
      ) : (
        <>
          <a
            className="button"
            href={withToken(claim.pdfUrl)}
            download={`${claim.code}.pdf`}
            onClick={() => {
              track(claimEvents.pdfDownload(market.site));
              // after the click's download has started: the server gives the file once, the link would only answer "already taken"
              setTimeout(() => setPdfTaken(true), 0);
            }}
          >
            {t('claims.filed.pdf')}
          </a>
          <p className="field-hint">{t('claims.filed.pdfOnce')}</p>
        </>
      )}
      <ClaimStatusCheck code={claim.code} />
    </section>
  );
}
