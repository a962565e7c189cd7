import { z } from 'zod';

/**
 * Customer-service requests (ayuda-soporte → solicitudes): the allowed status moves live in this
 * one table; the customer may withdraw a request only before an agent answers it.
 */
export const requestStatuses = ['received', 'assigned', 'inProgress', 'answered', 'closed', 'withdrawn'] as const;
export type RequestStatus = (typeof requestStatuses)[number];

export const requestTransitions: Record<RequestStatus, ReadonlyArray<RequestStatus>> = {
  received: ['assigned', 'withdrawn'],
  assigned: ['inProgress', 'withdrawn'],
  inProgress: ['answered'],
  answered: ['closed', 'inProgress'],
  closed: [],
  withdrawn: [],
};

export function canMoveRequest(from: RequestStatus, to: RequestStatus): boolean {
  return requestTransitions[from].includes(to);
}

export const requestTopics = ['billing', 'plan', 'portability', 'technical', 'device', 'other'] as const;
export type RequestTopic = (typeof requestTopics)[number];

export const requestChannels = ['email', 'phone'] as const;

export const requestInput = z.object({
  topic: z.enum(requestTopics, { error: 'account.validation.requestTopic' }),
  description: z.string().trim().min(10, 'account.validation.description').max(1000, 'account.validation.description'),
  contactChannel: z.enum(requestChannels, { error: 'account.validation.contactChannel' }),
});
