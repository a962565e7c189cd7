import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isOpen, nextOpening } from '@andes/domain/callback';
import { ok } from '../../http/envelope.ts';
import { requireFeature } from '../../http/site-features.ts';
import { parseInput } from '../../http/parse.ts';
import { appointmentBody, callbackBody, moveBody, slotsQuery, tokenParams } from '@andes/contract/inputs/callback';
import { bookAppointment, cancelAppointment, freeSlots, moveAppointment, requestCallback, showAppointment, type Requester } from './callback.service.ts';

const requester = (req: FastifyRequest): Requester => ({ address: req.ip, customerId: req.session?.customerId ?? null });

/** Click-to-call and lead appointments, both markets (SPEC §1, §4, §7; docs/api-callback.md). */
export async function leadsRoutes(app: FastifyInstance) {
  // "Te llamamos" and the appointments are a feature operations may turn off (SPEC §3 site config)
  app.addHook('onRequest', requireFeature('clickToCall'));
  app.get('/restpp/clicktocall/v1/info', async () => {
    const now = new Date();
    const open = isOpen(app.market.site, now);
    return ok({
      recaptcha: app.adapters.recaptcha.widget(),
      open,
      opensAt: open ? null : nextOpening(app.market.site, now).toISOString(),
      hours: app.t('callback.hours'),
    });
  });

  app.post('/restpp/clicktocall/v1/call', async (req) => {
    const input = parseInput(callbackBody(app.market), req.body);
    return ok(await requestCallback(app, input, requester(req)));
  });

  app.get('/restpp/clicktocall/v1/appointment/slots', async (req) => {
    const { day } = parseInput(slotsQuery, req.query);
    return ok(await freeSlots(app, day));
  });

  app.post('/restpp/clicktocall/v1/appointment', async (req) => {
    const input = parseInput(appointmentBody(app.market), req.body);
    return ok(await bookAppointment(app, input, requester(req)));
  });

  app.get('/restpp/clicktocall/v1/appointment/:token', async (req) => {
    const { token } = parseInput(tokenParams, req.params);
    return ok(await showAppointment(app, token));
  });

  app.put('/restpp/clicktocall/v1/appointment/:token', async (req) => {
    const { token } = parseInput(tokenParams, req.params);
    return ok(await moveAppointment(app, token, parseInput(moveBody, req.body)));
  });

  app.delete('/restpp/clicktocall/v1/appointment/:token', async (req) => {
    const { token } = parseInput(tokenParams, req.params);
    return ok(await cancelAppointment(app, token));
  });
}
