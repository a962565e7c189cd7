import type { MetaFunction } from 'react-router';
import { pageTitle, type LoaderArgs } from '../lib/root-data.ts';
import { PasswordFlow } from '../features/auth/password-flow.tsx';
import { messageGroups } from '../lib/message-groups.ts';

export const handle = messageGroups('access');

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'password.unique.title');

export function loader({ context }: LoaderArgs) {
  if (!context.market.uniquePassword) throw new Response('Not found', { status: 404 });
  return null;
}

export default function UniquePassword() {
  return <PasswordFlow mode="unique" />;
}
