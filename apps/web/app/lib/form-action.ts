import { data, useActionData, useLocation } from 'react-router';
import { ErrorKeys } from '@andes/domain/error-keys';
import type { ApiResult } from '@andes/contract/envelope';
import type { FieldErrors } from '@andes/domain/validation';
import { useRootData } from './root-data.ts';
import { withToken } from './request.ts';

/**
 * Forms that buy before JavaScript loads (Hydrogen's CartForm pattern): a page's form posts to its
 * own route with a hidden `intent`, and the route's one action dispatches on it, calls the same API
 * the browser calls and answers with a redirect (POST/redirect/GET) or, on a refusal, the page again
 * with the server's message beside what the customer chose. With JavaScript the form's submit is
 * handled in the page as before, so this is the path of a browser without it (or not yet with it).
 */
export const INTENT = 'intent';

/**
 * The posted fields, as the browser sent them (the page token travels in the address, not here); a
 * name sent several times (checkboxes) holds its values joined by commas (see `listField`).
 */
export type FormFields = Record<string, string>;

/** A refusal shown by the form: the server's message (from the message store) or a message key of ours. */
export interface FormRefusal {
  error: { key: string; message?: string };
  /** What the customer chose, to show it chosen again. */
  fields: FormFields;
  /** The server's messages per field, shown beside each field as the page shows them with JavaScript. */
  fieldErrors?: FieldErrors;
}

/** A redirect, a refusal, or (a form in several steps: the smart line's step-up) the data of the step reached. */
type IntentResult = Response | ReturnType<typeof data<FormRefusal>> | ReturnType<typeof data<object>>;
export type IntentHandlers = Record<string, (fields: FormFields) => Promise<IntentResult>>;

export async function readForm(request: Request): Promise<FormFields> {
  const fields: FormFields = {};
  for (const [name, value] of await request.formData()) {
    if (typeof value === 'string') fields[name] = name in fields ? `${fields[name]},${value}` : value;
  }
  return fields;
}

/** The values of a field sent several times (ids, which hold no commas). */
export function listField(fields: FormFields, name: string): string[] {
  return (fields[name] ?? '').split(',').filter(Boolean);
}

/**
 * A whole count of at least 1 written in digits; the fallback when the field was not sent; null when it
 * was sent as anything else ('abc', '-1', '1e400', '0x2', or twice): refused, never read as another count.
 */
export function countField(fields: FormFields, name: string, fallback: number): number | null {
  const raw = fields[name];
  if (raw === undefined) return fallback;
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

/** The route action's dispatch: the handler of the posted intent; an unknown one is refused, never guessed. */
export async function dispatchIntent(request: Request, handlers: IntentHandlers): Promise<IntentResult> {
  const fields = await readForm(request);
  const intent = fields[INTENT] ?? '';
  if (!Object.hasOwn(handlers, intent)) return refused(fields, { key: ErrorKeys.validation }, 400);
  return handlers[intent]!(fields);
}

export function refused(fields: FormFields, error: FormRefusal['error'], status: number, fieldErrors?: FieldErrors) {
  return data<FormRefusal>({ error, fields, ...(fieldErrors ? { fieldErrors } : {}) }, { status });
}

/** The refusal of a failed API answer: its first message, a field's first message, or the generic one. */
export function apiRefusal(fields: FormFields, answer: ApiResult<unknown>): ReturnType<typeof data<FormRefusal>> {
  const status = answer.status >= 400 ? answer.status : 400;
  const fieldErrors = answer.body.validationError;
  const system = answer.body.response?.systemMessage?.[0];
  if (system) return refused(fields, { key: system.exceptionKey, message: system.messages[0] }, status, fieldErrors);
  const invalid = Object.values(fieldErrors ?? {})[0]?.[0];
  return refused(fields, { key: ErrorKeys.validation, message: invalid }, status, fieldErrors);
}

/** The form's address: this page, with the page token the server wants on every state change (csrf.ts). */
export function useFormAction(): string {
  const { csrfToken } = useRootData();
  const { pathname, search } = useLocation();
  return formAddress(pathname, search, csrfToken);
}

/** A page refused after a post is shown at the post's address: its old token gives way (two would be refused). */
export function formAddress(pathname: string, search: string, token: string): string {
  const query = new URLSearchParams(search);
  query.delete('f__key__');
  const rest = query.toString();
  return withToken(rest ? `${pathname}?${rest}` : pathname, token);
}

/** A form's button once JavaScript runs: the page does the work instead of the post. */
export function handledHere(run: () => unknown) {
  return (e: { preventDefault: () => void }) => {
    e.preventDefault();
    void run();
  };
}

/** The refusal the page's action answered, if any. */
export function useFormRefusal(): FormRefusal | undefined {
  const answer = useActionData() as FormRefusal | undefined;
  return answer && typeof answer === 'object' && 'error' in answer ? answer : undefined;
}
