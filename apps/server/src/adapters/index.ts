import type { Db } from '@andes/db/client';
import type { Market } from '@andes/domain/market';
import type { SmsPort } from './sms/port.ts';
import { sandboxSms } from './sms/sandbox.ts';
import type { PaymentGatewayPort } from './payments/port.ts';
import { sandboxPayments } from './payments/sandbox.ts';

export interface Adapters {
  sms: SmsPort;
  payments: PaymentGatewayPort;
}

/** The outside systems of ARCHITECTURE §5; only sandbox adapters exist until real clients are wired. */
export function createAdapters(db: Db, market: Market): Adapters {
  return { sms: sandboxSms(db), payments: sandboxPayments(db, market) };
}
