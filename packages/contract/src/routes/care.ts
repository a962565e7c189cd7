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

/** Peru's claims book (Libro de Reclamaciones) and a customer's claims about their lines (docs/api-claims.md). */
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
});
