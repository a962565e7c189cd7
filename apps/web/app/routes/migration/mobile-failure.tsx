import { Link, useLoaderData, type MetaFunction } from 'react-router';
import { MOBILE_PATHS, type MobileFailure } from '@andes/domain/migration-mobile';
import { pageTitle, useT, type LoaderArgs } from '../../lib/root-data.ts';
import { MobileSteps } from '../../features/migration/mobile-steps.tsx';
import { messageGroups } from '../../lib/message-groups.ts';

export const handle = messageGroups('migration');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'mobile.failure.title');

/** `confirmacion/fallo`: why the request was not made; the delivery data is kept for another try. */
export function loader({ request }: LoaderArgs) {
  const reason: MobileFailure = new URL(request.url).searchParams.get('motivo') === 'coverage' ? 'coverage' : 'generic';
  return { reason };
}

export default function MobileFailurePage() {
  const { reason } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="page" aria-labelledby="mobile-failure">
      <MobileSteps current="confirmation" />
      <h1 id="mobile-failure">{t('mobile.failure.title')}</h1>
      <p className="form-error" role="alert" data-testid="mobile-failure">
        {t(`mobile.failure.${reason}`)}
      </p>
      <Link className="button" to={MOBILE_PATHS.delivery}>
        {t('mobile.failure.retry')}
      </Link>
    </section>
  );
}
