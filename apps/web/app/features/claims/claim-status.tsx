import { useEffect, useState } from 'react';
import { constants } from '@andes/domain/market';
import { ErrorKeys } from '@andes/domain/error-keys';
import { claimEvents } from '@andes/domain/analytics-account';
import { useMarket, useT } from '../../lib/root-data.ts';
import type { ApiBody } from '@andes/contract/envelope';
import { request } from '../../lib/request.ts';
import { track } from '../../lib/analytics.ts';
import { ui } from '../../lib/ui-events.ts';
import { Modal } from '../../ui/overlays.tsx';

const stillValidating = (body: ApiBody | null) => !!body?.response?.systemMessage?.some((m) => m.exceptionKey === ErrorKeys.statusNotFound);

/**
 * The claim's status check (SPEC §4, §8, §9): asks the claims system whether the claim is registered;
 * while it answers "not found" asks again every 10 s, at most 10 more times, then shows the error
 * popup. When found it goes where the answer says, or shows the registration in a popup.
 */
export function ClaimStatusCheck({ code }: { code: string }) {
  const t = useT();
  const market = useMarket();
  const [state, setState] = useState<{ name: 'checking' } | { name: 'registered'; number: string } | { name: 'done' }>({ name: 'checking' });
  useEffect(() => {
    let retries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    async function check() {
      const body = await request({
        url: `/restpp/peru/claims/${code}/status`,
        failurePopup: 'false',
        failureContext: 'claim_status',
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      if (body?.success) {
        track(claimEvents.status(market.site, 'registered', retries + 1));
        const answer = body.response;
        if (answer?.isRedirect && answer.redirectRUL) window.location.assign(answer.redirectRUL);
        else setState({ name: 'registered', number: String((body.claim as { registeredAs: string }).registeredAs) });
        return;
      }
      if (stillValidating(body) && retries < constants.statusRecheckMax) {
        retries += 1;
        timer = setTimeout(check, constants.statusRecheckIntervalMs);
        return;
      }
      track(claimEvents.status(market.site, 'failed', retries + 1));
      setState({ name: 'done' });
      ui.errors([{ key: ErrorKeys.statusNotFound, message: t('claims.status.failed', { code }) }]);
    }
    void check();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [code, market.site, t]);
  if (state.name === 'checking') {
    return (
      <p role="status" className="claim-status" data-testid="claim-status">
        {t('claims.status.checking')}
      </p>
    );
  }
  if (state.name === 'registered') {
    const close = () => setState({ name: 'done' });
    return (
      <Modal title={t('claims.status.registered.title')} onClose={close}>
        <p>{t('claims.status.registered.body', { code, number: state.number })}</p>
        <button type="button" className="button" autoFocus onClick={close}>
          {t('shell.close')}
        </button>
      </Modal>
    );
  }
  return null;
}
