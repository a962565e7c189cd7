import type { PortabilityState } from '@andes/domain/portability';

/** A portability request as /restpp/subscriber/portability/* answers it. */
export interface PortabilityRequest {
  number: string;
  state: PortabilityState;
  phoneNumber: string;
  company: string;
  modality: string | null;
  planId: string;
  rejectReason: string | null;
  scheduledFor: string | null;
  codeExpiresAt: string | null;
  phoneLast: string;
  createdAt: string;
  updatedAt: string;
  ready: boolean;
}

export interface RequestAnswer {
  request: PortabilityRequest;
  /** The line a paid port opened: `porting` until the port window, then `active`; null before payment. */
  line?: { status: string } | null;
  next: string;
}
