import type { MessageKey } from '@andes/domain/messages';
import { useT } from '../../lib/root-data.ts';
import type { AccountLine } from './account-data.ts';

/**
 * A line cut for debt (SPEC §9) says why on every screen where it cannot buy or redeem, and links to
 * the bills to pay the overdue one; the screens show no button the server would refuse. Renders
 * nothing for a line in service. `message` says what the cut stops on this screen.
 */
export function CutLineNotice({ line, message }: { line: Pick<AccountLine, 'status'>; message: MessageKey }) {
  const t = useT();
  if (line.status !== 'cut') return null;
  return (
    <p className="form-error" role="alert" data-testid="line-cut">
      {t(message)} <a href="/personas/mientel/boleta">{t('account.home.payBill')}</a>
    </p>
  );
}
