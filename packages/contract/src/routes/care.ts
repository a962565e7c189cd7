import { defineRoutes, file } from '../route.ts';
import {
  codeParams,
  customerClaimsAnswer,
  filedSheetAnswer,
  fileSheetBody,
  fileTelecomBody,
  sheetInfoAnswer,
  statusAnswer,
  telecomFiledAnswer,
} from '../inputs/claims.ts';
import { phoneParams } from '../inputs/paths.ts';
import {
  appointmentAnswer,
  appointmentBody,
  callbackAnswer,
  callbackBody,
  callbackInfoAnswer,
  moveBody,
  slotsAnswer,
  slotsQuery,
  tokenParams,
} from '../inputs/callback.ts';

/**
 * Peru's claims book (Libro de Reclamaciones) and a customer's claims about their lines (docs/api-claims.md);
 * click-to-call and lead appointments, both markets (docs/api-callback.md).
 */
export const careRoutes = defineRoutes({
  'GET /restpp/peru/claims/book': { summary: 'Peru: the claims book’s provider (name, RUC, address) for the sheet.', sites: ['pe'], response: sheetInfoAnswer },
  'POST /restpp/peru/claims/book': {
    summary: 'Peru: files a claims book sheet; answers its code and due date.',
    body: fileSheetBody,
    sites: ['pe'],
    response: filedSheetAnswer,
  },
  'GET /restpp/peru/claims/book/:code/pdf': {
    summary: 'Peru: the filed sheet as PDF, once, for the session that filed it (410 after).',
    params: codeParams,
    sites: ['pe'],
    refusals: ['pp.error.claims.pdfTaken'],
    response: file('The sheet.', 'application/pdf'),
  },
  'GET /restpp/peru/claims/:code/status': {
    summary: 'Peru: whether the claims system registered a claim (pp.Service.status.validate.not.found while not yet).',
    params: codeParams,
    sites: ['pe'],
    refusals: ['pp.Service.status.validate.not.found'],
    response: statusAnswer,
  },
  'GET /restpp/peru/claims': { summary: 'Peru: the signed-in customer’s claims about their lines.', sites: ['pe'], response: customerClaimsAnswer },
  'POST /restpp/peru/claims/lines/:phoneNumber': {
    summary: 'Peru: files a claim about one of the customer’s lines (OSIPTEL).',
    params: phoneParams,
    body: fileTelecomBody,
    sites: ['pe'],
    response: telecomFiledAnswer,
  },
  'GET /restpp/clicktocall/v1/info': {
    summary: 'Click-to-call: the reCAPTCHA widget, and whether an agent can call now (else when the contact centre opens).',
    response: callbackInfoAnswer,
  },
  'POST /restpp/clicktocall/v1/call': {
    summary: '“Te llamamos”: asks the contact centre to call a number back; answers success, pending (when) or failure (why).',
    body: callbackBody,
    refusals: ['callback.error.limit.address', 'callback.error.limit.number', 'callback.error.recaptcha'],
    response: callbackAnswer,
  },
  'GET /restpp/clicktocall/v1/appointment/slots': {
    summary: 'Lead appointment: the contact centre’s free slots of a day (today when none), in the market’s time zone.',
    querystring: slotsQuery,
    response: slotsAnswer,
  },
  'POST /restpp/clicktocall/v1/appointment': {
    summary: 'Lead appointment: books a free slot (once), texts the confirmation with the link that moves or cancels it.',
    body: appointmentBody,
    refusals: [
      'callback.error.limit.address',
      'callback.error.limit.number',
      'callback.error.recaptcha',
      'callback.error.slotTaken',
      'callback.error.slotInvalid',
    ],
    response: appointmentAnswer,
  },
  'GET /restpp/clicktocall/v1/appointment/:token': {
    summary: 'Lead appointment: the appointment the texted link names.',
    params: tokenParams,
    refusals: ['callback.error.notFound'],
    response: appointmentAnswer,
  },
  'PUT /restpp/clicktocall/v1/appointment/:token': {
    summary: 'Lead appointment: moves it to another free slot (texted again).',
    params: tokenParams,
    body: moveBody,
    refusals: ['callback.error.notFound', 'callback.error.cancelled', 'callback.error.slotTaken', 'callback.error.slotInvalid'],
    response: appointmentAnswer,
  },
  'DELETE /restpp/clicktocall/v1/appointment/:token': {
    summary: 'Lead appointment: cancels it and gives the slot back (a second cancel answers it cancelled).',
    params: tokenParams,
    refusals: ['callback.error.notFound'],
    response: appointmentAnswer,
  },
});
