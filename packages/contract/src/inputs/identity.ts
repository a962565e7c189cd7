import { z } from 'zod';
import type { Market } from '@andes/domain/market';
import { fields } from '@andes/domain/validation';

/** The holder's document that opens a round of identity questions. */
export const documentBody = (market: Market) => z.object({ document: fields.document(market) });
