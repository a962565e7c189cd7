import type { MetaFunction } from 'react-router';
import { pageTitle } from '../lib/root-data.ts';
import { PasswordFlow } from '../features/auth/password-flow.tsx';
import { messageGroups } from '../lib/message-groups.ts';

export const handle = messageGroups('access');

/** No data of its own: the loader carries the route's message groups (lib/message-groups.ts). */
export function loader() {
  return {};
}

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'password.recovery.title');

export default function PasswordRecovery() {
  return <PasswordFlow mode="recovery" />;
}
