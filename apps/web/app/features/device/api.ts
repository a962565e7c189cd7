import type { ApiBody } from '../../lib/request.ts';

/** The fields of the device routes' answers the pages read (apps/server/src/modules/device/device.schemas.ts). */
export interface LineBlock {
  id: number;
  reason: string;
  blockType: 'sim' | 'phone' | 'all';
  imei: string | null;
  reportCode: string | null;
  registryReference: string | null;
  createdAt: string;
}

export interface BlockOptions {
  reasons: Array<{ reason: string; theft: boolean; forcedType: LineBlock['blockType'] | null; needsPoliceReport: boolean }>;
  blockTypes: Array<LineBlock['blockType']>;
  phones: Array<{ imei: string; brand: string; model: string }>;
  blocks: LineBlock[];
}

export interface SimChange {
  id: number;
  delivery: 'delivery' | 'pickup' | 'esim';
  status: 'pending' | 'active';
  newIccid: string;
  storeId: string | null;
  address: string | null;
  requestedAt: string;
  activatedAt: string | null;
}

export interface SimStatus {
  iccid: string;
  pending: SimChange | null;
  changes: SimChange[];
  coolDownUntil: string | null;
}

/** The refusal a page shows: the server's first message, or the network one. */
export function refusalOf(body: ApiBody | null, fallback: string): { message: string; key: string | null; fields: Record<string, string[]> } {
  const system = body?.response?.systemMessage?.[0];
  return { message: system?.messages[0] ?? fallback, key: system?.exceptionKey ?? null, fields: body?.validationError ?? {} };
}

/** The line's renewal verdict of `GET /restpp/order/renewal/lines` (the message already in the customer's words). */
export interface RenewalVerdict {
  phoneNumber: string;
  eligible: boolean;
  renewableFrom: string | null;
  message: string | null;
}
