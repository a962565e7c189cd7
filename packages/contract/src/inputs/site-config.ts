import { z } from 'zod';
import { SITE_FEATURES } from '@andes/domain/site-features';

/** `PUT /ops/features/:feature`: a feature this build knows. */
export const featureParams = z.strictObject({ feature: z.enum(SITE_FEATURES) });
/** Whether the feature is on. */
export const featureBody = z.strictObject({ active: z.boolean() });
