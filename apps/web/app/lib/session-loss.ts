import { redirect } from 'react-router';
import { ErrorKeys } from '@andes/domain/error-keys';
import type { ApiResult } from '@andes/contract/envelope';
import { SESSION_EXPIRED_PATH } from './request.ts';

/**
 * SPEC §8 for server-rendered pages that need a signed-in customer: a sign-in that expired goes to
 * the session-expired page (which offers to sign in again and come back); a visitor who never signed
 * in goes straight to the login page, and back here afterwards.
 */
export function signInRedirect(result: ApiResult, request: Request, loginPath: string): Response {
  const url = new URL(request.url);
  const back = encodeURIComponent(url.pathname + url.search);
  const expired = result.body.response?.systemMessage?.some((m) => m.exceptionKey === ErrorKeys.sessionExpired);
  return redirect(`${expired ? SESSION_EXPIRED_PATH : loginPath}?successurl=${back}`);
}
