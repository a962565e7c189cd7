import { z } from 'zod';

/** The sign-in form's fields: Chile's (rutt, PIN) or the generic ones; the market's rule set checks them (auth.routes.ts). */
export const loginBody = z.object({
  username: z.string().optional(),
  password: z.string().optional(),
  rutt: z.string().optional(),
  PIN: z.string().optional(),
  email: z.string().optional(),
  successurl: z.string().optional(),
});
