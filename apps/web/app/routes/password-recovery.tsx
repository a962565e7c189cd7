import type { MetaFunction } from 'react-router';
import { pageTitle } from '../lib/root-data.ts';
import { PasswordFlow } from '../features/auth/password-flow.tsx';

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'password.recovery.title');

export default function PasswordRecovery() {
  return <PasswordFlow mode="recovery" />;
}
