import { defineRoutes, redirect } from '../route.ts';
import { ruleSets } from '@andes/domain/validation';
import { loginBody } from '../inputs/auth.ts';
import { changePasswordBody } from '../inputs/checkout.ts';
import { logoutQuery, passwordOptionParams } from '../inputs/paths.ts';
import { codeSent, codeVerified, currentProfile, pageToken, passwordChanged, signedIn, signedOut } from '../answers/session.ts';

/** Sign-in, sign-out, the page token, the profile and passwords (SPEC §6, §7 "Session"). */
export const sessionRoutes = defineRoutes({
  'GET /restpp/security/token': { summary: 'The page token (f__key__) of the caller’s session, opening one if needed.', response: pageToken },
  'POST /REST/profile/current': { summary: 'The caller’s profile: anonymous, or the signed-in customer with their lines.', response: currentProfile },
  'POST /oam/server/authentication': {
    summary: 'Signs in (JSON answers the envelope; a form post is redirected to the return path or back to the login page).',
    body: loginBody,
    response: signedIn,
  },
  'POST /REST/profile/logout': { summary: 'Signs out.', response: signedOut },
  'GET /oam/server/logout': {
    summary: 'Signs out and redirects to the return path (successurl or end_url).',
    querystring: logoutQuery,
    response: redirect('To the return path, or home.'),
  },
  'POST /restpp/password/:option/validatePhoneNumber': {
    summary: 'Texts a code to the customer’s phone to recover or change the password (option: recovery or change).',
    params: passwordOptionParams,
    body: ruleSets.passwordValidatePhone,
    response: codeSent,
  },
  'POST /restpp/password/:option/validatePhoneNumberTwo': {
    summary: 'Texts the code again.',
    params: passwordOptionParams,
    body: ruleSets.passwordResend(),
    response: codeSent,
  },
  'POST /restpp/password/:option/validateToken': {
    summary: 'Checks the texted code.',
    params: passwordOptionParams,
    body: ruleSets.passwordValidateToken(),
    response: codeVerified,
  },
  'POST /restpp/password/:option/changePassword': {
    summary: 'Sets the new password: with a verified code, or (change) with the current password.',
    params: passwordOptionParams,
    body: changePasswordBody,
    response: passwordChanged,
  },
  'POST /restpp/peru/unique/password': {
    summary: 'Peru: texts the code that creates the unique password.',
    body: ruleSets.uniquePasswordRequest(),
    sites: ['pe'],
    response: codeSent,
  },
  'POST /restpp/peru/password/change': {
    summary: 'Peru: creates the unique password with the texted code.',
    body: ruleSets.uniquePasswordCreate,
    sites: ['pe'],
    response: passwordChanged,
  },
});
