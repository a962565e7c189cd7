import { useLoaderData, type MetaFunction } from 'react-router';
import { pageTitle, type LoaderArgs } from '../../lib/root-data.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { CAPTIVE_PATHS, CaptiveFailure, failureKey } from '../../features/captive/index.ts';

export const handle = { ...messageGroups('captive'), bare: true };

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'captive.failed.title');

export function loader({ request }: LoaderArgs) {
  return { key: failureKey(request.url) };
}

/** /roamingpostbolsas/error: the bag was not bought; nothing was charged. */
export default function RoamingError() {
  const { key } = useLoaderData<typeof loader>();
  return <CaptiveFailure messageKey={key} back={CAPTIVE_PATHS.roaming} where="captive_roaming" />;
}
