import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PORTABILITY_MODALITIES, portabilityOutcomePath, portabilityRuleSets, type PortabilityState } from '@andes/domain/portability';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { sessionCart } from '../../flows/session-cart.flow.ts';
import { paymentQuery } from '@andes/contract/inputs/cart';
import { payPort } from '../../flows/pay-port.flow.ts';
import { attachDocument, currentRequest, findRequest, portedLineOf, refresh, requestView, sendCode, startRequest, verifyCode } from './portability.service.ts';
import { imageBody, lookupQuery } from '@andes/contract/inputs/portability';

/** SPEC §7 "/restpp/subscriber/portability/…": bring a number from another company. */
export async function portabilityRoutes(app: FastifyInstance) {
  const requestOf = async (req: FastifyRequest, reply: FastifyReply) => currentRequest(app.db, await sessionCart(app, req, reply));
  const answer = async (row: Parameters<typeof requestView>[0]) => {
    const request = requestView(row);
    return ok({ request, line: await portedLineOf(app, row), next: portabilityOutcomePath(row.state as PortabilityState) });
  };

  app.get('/restpp/subscriber/portability/company', async () => {
    const rules = app.market.portability;
    return ok({ companies: rules.originCompanies, asksModality: rules.asksModality, modalities: rules.asksModality ? PORTABILITY_MODALITIES : [] });
  });

  /** The data to port: number, holder's document, company of origin (and Peru's modality). */
  app.post('/restpp/subscriber/portability/customer', async (req, reply) => {
    const input = parseInput(portabilityRuleSets.customer(app.market), req.body);
    return answer(await startRequest(app, await sessionCart(app, req, reply), input));
  });

  /** POST sends (or re-sends) the code to the number being ported; PUT checks it and asks the registry. */
  app.post('/restpp/subscriber/portability/securityCode', async (req, reply) => answer(await sendCode(app, await requestOf(req, reply), req.ip)));

  app.put('/restpp/subscriber/portability/securityCode', async (req, reply) => {
    const { code } = parseInput(portabilityRuleSets.securityCode(), req.body);
    return answer(await verifyCode(app, await requestOf(req, reply), code));
  });

  /** JSON with a base64 image of the holder's document (≤ 2 MB, so the body may exceed the default limit). */
  app.post('/restpp/subscriber/portability/uploadImage', { bodyLimit: 3 * 1024 * 1024 }, async (req, reply) => {
    const { image } = parseInput(imageBody, req.body);
    const row = await requestOf(req, reply);
    return ok({ document: await attachDocument(app, row, image), request: requestView(row) });
  });

  /** The cart's request as it stands (asks the registry again while it is under review). */
  app.get('/restpp/subscriber/portability/originalInfo', async (req, reply) => answer(await refresh(app, await requestOf(req, reply))));

  /**
   * Pays the order of an accepted port: the checkout's payment (same methods and gateway) for the
   * cart's open order, refused while the port is not accepted or the order does not carry it.
   */
  app.post('/restpp/subscriber/portability/payment', async (req, reply) => {
    const choice = parseInput(paymentQuery, req.body ?? {});
    const cart = await sessionCart(app, req, reply);
    const { url, order, request } = await payPort(app, cart, req.session?.customerId ?? null, choice);
    return ok({ url, orderNumber: order.number, paymentMethod: choice.paymentMethod, request: requestView(request) }, { url });
  });

  /** Follow-up of a request later, from any session: its number and the ported phone. */
  app.get('/restpp/subscriber/portability/order', async (req) => {
    const { number, phoneNumber } = parseInput(lookupQuery, req.query);
    return answer(await refresh(app, await findRequest(app, number, phoneNumber)));
  });
}
