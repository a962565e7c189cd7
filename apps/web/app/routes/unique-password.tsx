import { useLoaderData, type MetaFunction } from 'react-router';
import { pageTitle, type LoaderArgs } from '../lib/root-data.ts';
import { PasswordFlow } from '../features/auth/password-flow.tsx';
import { messageGroups } from '../lib/message-groups.ts';

export const handle = messageGroups('access');

/** /personas/creacion-clave: Peru's unique password, Chile's first PIN (both with an SMS code). */
export function loader({ context }: LoaderArgs) {
  return { mode: context.market.uniquePassword ? ('unique' as const) : ('first' as const) };
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageTitle(matches, data?.mode === 'first' ? 'password.first.title' : 'password.unique.title');

export default function UniquePassword() {
  return <PasswordFlow mode={useLoaderData<typeof loader>().mode} />;
}
