import { z } from 'zod';

/** The sign-in form's fields: Chile's (rutt, PIN) or the generic ones; the market's rule set checks them (auth.routes.ts). */
export const loginBody = z.object({
  username: z.string().optional(),
  password: z.string().optional(),
  rutt: z.string().optional(),
  PIN: z.string().optional(),
  email: z.string().optional(),
  /** The needLogout form's further fields (SPEC §7): Chile's mobile, Peru's login space and auth source. */
  Movil: z.string().optional(),
  loginSpace: z.string().optional(),
  authSource: z.string().optional(),
  successurl: z.string().optional(),
});
