import { json, defineRoutes } from '../route.ts';
import { camaraErrorResponse, checkBody, checkResponse, retrieveDateBody, retrieveDateResponse } from '../inputs/device.ts';

const camaraRefusals = { 400: camaraErrorResponse, 401: camaraErrorResponse, 404: camaraErrorResponse, 429: camaraErrorResponse };

/**
 * The operator side of the GSMA Open Gateway CAMARA SIM Swap API v1, for API clients (banks) with a
 * bearer client credential; answers and errors in CAMARA's shape, not the shop's envelope.
 */
export const partnersRoutes = defineRoutes({
  'POST /sim-swap/v1/retrieve-date': {
    summary: 'CAMARA SIM Swap: when the number’s SIM last changed (null when never).',
    body: retrieveDateBody,
    response: json('The latest SIM change, or CAMARA’s error.', { 200: retrieveDateResponse, ...camaraRefusals }),
  },
  'POST /sim-swap/v1/check': {
    summary: 'CAMARA SIM Swap: whether the number’s SIM changed in the last maxAge hours (1–2400, default 240).',
    body: checkBody,
    response: json('Whether it was swapped, or CAMARA’s error.', { 200: checkResponse, ...camaraRefusals }),
  },
});
