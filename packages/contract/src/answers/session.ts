import { z } from 'zod';
import { profile } from './models.ts';

export const pageToken = z.object({
  f__key__: z.string(),
});

export const currentProfile = z.object({
  profile: profile,
  userType: z.string(),
});

export const signedIn = z.object({
  userType: z.string(),
  profile: profile,
});

export const signedOut = z.object({
  userType: z.string(),
});

export const codeSent = z.object({
  tokenId: z.string(),
  phoneLast: z.string(),
});

export const codeVerified = z.object({
  tokenId: z.string(),
  verified: z.boolean(),
});

export const passwordChanged = z.object({
  changed: z.boolean(),
});
