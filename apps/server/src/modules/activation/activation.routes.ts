import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/parse.ts';
import { gatewayReturnQuery } from '@andes/contract/inputs/payments';
import {
  activationAddressBody,
  activationAnswersBody,
  activationChipBody,
  activationCodeBody,
  activationDocumentBody,
  activationPortBody,
  activationHolderBody,
  activationPaymentBody,
  activationPickBody,
  activationPlanBody,
  activationTopupBody,
  streetsQuery,
} from '@andes/contract/inputs/activation';
import {
  ACTIVATION_CASH_NOTIFY_PATH,
  ACTIVATION_RETURN_PATH,
  handleActivationCashPaid,
  answerIdentity,
  choosePlan,
  chooseTopup,
  currentActivation,
  finishPayment,
  offerNumbers,
  pickNumber,
  saveAddress,
  saveHolder,
  savePort,
  searchStreets,
  sendPortCode,
  startActivation,
  startPayment,
  uploadDocument,
  verifyPortCode,
} from '../../flows/sim-activation.flow.ts';

/** SPEC §7 "/restpp/subscriber/active/…" iccid and msisdn, and the street and address calls: the chip activation's steps. */
export async function activationRoutes(app: FastifyInstance) {
  app.post('/restpp/subscriber/active/iccid', async (req, reply) =>
    ok({ activation: await startActivation(app, req, reply, parseInput(activationChipBody, req.body)) }),
  );

  app.get('/restpp/subscriber/active/activation', async (req) => ok({ activation: await currentActivation(app, req) }));

  app.post('/restpp/subscriber/active/holder', async (req) => ok(await saveHolder(app, req, parseInput(activationHolderBody(app.market), req.body))));

  app.post('/restpp/subscriber/active/holder/answers', async (req) => ok(await answerIdentity(app, req, parseInput(activationAnswersBody, req.body))));

  app.get('/restpp/subscriber/streets', async (req) => ok(await searchStreets(app, parseInput(streetsQuery, req.query))));

  app.post('/restpp/subscriber/address', async (req) => ok(await saveAddress(app, req, parseInput(activationAddressBody, req.body))));

  app.post('/restpp/subscriber/active/msisdn', async (req) => ok(await offerNumbers(app, req)));

  app.put('/restpp/subscriber/active/msisdn', async (req) => ok(await pickNumber(app, req, parseInput(activationPickBody, req.body))));

  app.post('/restpp/subscriber/active/port', async (req) => ok(await savePort(app, req, parseInput(activationPortBody(app.market), req.body))));

  /** JSON with a base64 photo (≤ 2 MB once decoded, so the body may exceed the default limit). */
  app.post('/restpp/subscriber/active/documents', { bodyLimit: 3 * 1024 * 1024 }, async (req) =>
    ok(await uploadDocument(app, req, parseInput(activationDocumentBody, req.body))),
  );

  app.post('/restpp/subscriber/active/port/code', async (req) => ok(await sendPortCode(app, req)));

  app.put('/restpp/subscriber/active/port/code', async (req) => ok(await verifyPortCode(app, req, parseInput(activationCodeBody, req.body))));

  app.post('/restpp/subscriber/active/plan', async (req) => ok(await choosePlan(app, req, parseInput(activationPlanBody, req.body))));

  app.post('/restpp/subscriber/active/topup', async (req) => ok(await chooseTopup(app, req, parseInput(activationTopupBody, req.body))));

  app.post('/restpp/subscriber/active/payment', async (req) => {
    const started = await startPayment(app, req, parseInput(activationPaymentBody, req.body));
    return ok(
      { buyOrder: started.buyOrder, replayed: started.replayed, paymentMethod: started.paymentMethod, cashCode: started.cashCode },
      { url: started.redirectUrl },
    );
  });

  /** The cash-code provider's signed "paid" notification: a server-to-server call, so no page token. */
  app.post(ACTIVATION_CASH_NOTIFY_PATH, { config: { csrf: false } }, async (req) => {
    const signature = req.headers['x-pagoefectivo-signature'];
    return ok(await handleActivationCashPaid(app, typeof signature === 'string' ? signature : undefined, req.body));
  });

  /** The gateway sends the browser back here (GET, from outside): idempotent, then to the outcome page. */
  app.get(ACTIVATION_RETURN_PATH, async (req, reply) => {
    const outcome = await finishPayment(app, req, parseInput(gatewayReturnQuery, req.query));
    return reply.redirect(outcome.page, 303);
  });
}
