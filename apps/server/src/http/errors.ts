import { ErrorKeys } from '@andes/domain/error-keys';
import type { FieldErrors } from '@andes/domain/validation';
import type { Params } from '@andes/domain/messages';
import { formatMoney, type Currency } from '@andes/domain/money';

/**
 * An expected failure the customer should read: a message-store key, an HTTP status, and optional
 * per-field errors. Services throw it (or return it); the error handler turns it into the envelope.
 */
export class AppError extends Error {
  constructor(
    readonly key: string,
    readonly status: number,
    readonly options: {
      params?: Params;
      fieldErrors?: FieldErrors;
      fields?: Record<string, unknown>;
      /** A message key for the longer explanation behind 'Ver detalle' (`defaultExceptionDetail`). */
      detail?: string;
      /** A message key for `extendExceptionMessage`, the sentence under the message. */
      extend?: string;
      /** `otherButton`: a message key for its label, and where it leads. */
      otherButton?: { label: string; url: string };
    } = {},
  ) {
    super(key);
  }
}

export const unauthorized = (expired: boolean) => new AppError(expired ? ErrorKeys.sessionExpired : ErrorKeys.requiredLogin, 401);
export const forbiddenLine = () => new AppError(ErrorKeys.forbiddenLine, 403);
export const notFound = () => new AppError(ErrorKeys.notFound, 404);
export const invalidInput = (fieldErrors: FieldErrors) => new AppError(ErrorKeys.validation, 400, { fieldErrors });

/** A price the page showed that is not today's: refused with today's price, for the page to show. */
export function priceChanged(currency: Currency, itemId: string, current: number): AppError {
  const formatted = formatMoney(current, currency);
  return new AppError('pp.error.price.changed', 409, {
    params: { price: formatted },
    fields: { productOfferingID: itemId, skuId: itemId, currentPrice: { amount: current, formatted } },
  });
}
