import type { PortabilityModality, PortabilityRejectReason } from '@andes/domain/portability';

export interface PortabilityCheck {
  phoneNumber: string;
  /** Normalised document of the holder. */
  document: string;
  company: string;
  modality: PortabilityModality | null;
}

export type RegistryAnswer =
  | { status: 'accepted'; reference: string; scheduledFor: Date }
  | { status: 'rejected'; reference: string; reason: PortabilityRejectReason }
  | { status: 'in_progress'; reference: string };

/**
 * The central portability database (Chile's administrator, Peru's ABDCP): it checks the number, the
 * holder and the company of origin, and accepts the port, rejects it, or keeps it under review.
 */
export interface PortabilityRegistryPort {
  request(check: PortabilityCheck): Promise<RegistryAnswer>;
  /** The current answer for a request under review. */
  status(reference: string): Promise<RegistryAnswer>;
}
