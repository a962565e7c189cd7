import { useLoaderData, type MetaFunction } from 'react-router';
import { pageTitle, type LoaderArgs } from '../../lib/root-data.ts';
import { messageGroups } from '../../lib/message-groups.ts';
import { CAPTIVE_PATHS, CaptiveFailure, failureKey } from '../../features/captive/index.ts';

export const handle = { ...messageGroups('captive'), bare: true };

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'captive.failed.title');

export function loader({ request }: LoaderArgs) {
  return { key: failureKey(request.url) };
}

/** /activacionpost/error: the line did not move to a plan (a refused or abandoned payment charges nothing). */
export default function ActivationError() {
  const { key } = useLoaderData<typeof loader>();
  return <CaptiveFailure messageKey={key} back={CAPTIVE_PATHS.activation} where="captive_activation" />;
}
