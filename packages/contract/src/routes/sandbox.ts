import { defineRoutes, file, redirect } from '../route.ts';
import { ticketNumberParams } from '../inputs/paths.ts';
import { advanceBody, cipQuery, deskActionBody, outboxQuery, payBody, tokenQuery } from '../inputs/sandbox.ts';
import { deskNotified } from '../answers/account.ts';
import { outbox, recaptchaToken, sessionExpired } from '../answers/sandbox.ts';
import { notified } from '../answers/shop.ts';

/** The sandbox's stand-ins for outside systems, registered only with SANDBOX=1 (docs/sandbox.md). */
export const sandboxRoutes = defineRoutes({
  'GET /sandbox/webpay/pay': {
    summary: 'The sandbox gateway’s hosted payment page.',
    querystring: tokenQuery,
    sandbox: true,
    response: file('The payment page.', 'text/html'),
  },
  'POST /sandbox/webpay/pay': {
    summary: 'Pays or aborts on the sandbox gateway; redirected back to the shop.',
    querystring: tokenQuery,
    body: payBody,
    sandbox: true,
    response: redirect('Back to the shop’s return URL.'),
  },
  'GET /sandbox/pagoefectivo/pay': {
    summary: 'The sandbox cash-code agent’s page.',
    querystring: cipQuery,
    sandbox: true,
    response: file('The agent’s page.', 'text/html'),
  },
  'POST /sandbox/pagoefectivo/pay': {
    summary: 'Pays a cash code at the sandbox agent (the provider then notifies the shop).',
    querystring: cipQuery,
    sandbox: true,
    response: file('The outcome page.', 'text/html'),
  },
  'POST /sandbox/ticket-desk/tickets/:number': {
    summary: 'A sandbox desk agent acts on a ticket; answers the shop’s reply to the desk’s notification.',
    params: ticketNumberParams,
    body: deskActionBody,
    sandbox: true,
    response: deskNotified,
  },
  'POST /sandbox/logistics/advance': {
    summary: 'The sandbox logistics system moves an order one step; answers the shop’s reply.',
    body: advanceBody,
    sandbox: true,
    response: notified,
  },
  'GET /sandbox/recaptcha/token': { summary: 'A reCAPTCHA token the sandbox verifier accepts.', sandbox: true, response: recaptchaToken },
  'GET /sandbox/outbox': { summary: 'The texts and e-mails the sandbox sent.', querystring: outboxQuery, sandbox: true, response: outbox },
  'POST /sandbox/session/expire': { summary: 'Ends the caller’s sign-in as the idle limit would.', sandbox: true, response: sessionExpired },
});
