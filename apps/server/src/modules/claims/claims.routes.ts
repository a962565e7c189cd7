import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { requireCustomer } from '../../http/guards.ts';
import { codeParams, fileSheetBody, fileTelecomBody } from '@andes/contract/inputs/claims';
import { claimStatus, fileSheet, fileTelecomClaim, takeSheetPdf, customerClaimsOf } from './claims.service.ts';

type LineParams = { Params: { phoneNumber: string } };

/** The line guard (http/guards.ts) has checked the line is the customer's. */
function ownLine(req: FastifyRequest) {
  return req.line!;
}

/** Peru's claims calls (SPEC §7 `/restpp/peru/...`; docs/api-claims.md). Chile has none: they answer 404. */
export async function claimsRoutes(app: FastifyInstance) {
  if (!app.market.claimsBook) return;

  /** What the sheet shows before it is filled: the provider (settings). */
  app.get('/restpp/peru/claims/book', async () => ok({ provider: app.config.claims.provider }));

  app.post('/restpp/peru/claims/book', async (req) => {
    const sheet = parseInput(fileSheetBody, req.body);
    // the page token made a session before this ran (csrf.ts): it is the filer the PDF is kept for
    const claim = await fileSheet(app, sheet, { session: req.session!.idHash, customerId: req.session!.customerId, address: req.ip });
    return ok({ claim });
  });

  /** A GET that changes state (the PDF is given once), so it needs the page token like a POST. */
  app.get('/restpp/peru/claims/book/:code/pdf', { config: { stateChanging: true } }, async (req, reply) => {
    const { code } = parseInput(codeParams, req.params);
    const pdf = await takeSheetPdf(app, code, req.session!.idHash);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${code}.pdf"`).header('cache-control', 'no-store').send(pdf);
  });

  app.get('/restpp/peru/claims/:code/status', async (req) => {
    const { code } = parseInput(codeParams, req.params);
    const status = await claimStatus(app, code, { session: req.session?.idHash ?? null, customerId: req.session?.customerId ?? null });
    return status.redirect ? ok({ claim: status.claim, display: 'redirect' }, { url: status.redirect }) : ok({ claim: status.claim, display: 'popup' });
  });

  app.get('/restpp/peru/claims', async (req) => ok({ claims: await customerClaimsOf(app, requireCustomer(req)) }));

  app.post<LineParams>('/restpp/peru/claims/lines/:phoneNumber', async (req) => {
    const input = parseInput(fileTelecomBody, req.body);
    return ok({ claim: await fileTelecomClaim(app, ownLine(req), input) });
  });
}
