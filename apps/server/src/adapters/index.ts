import type { Db } from '@andes/db/client';
import type { Market } from '@andes/domain/market';
import type { SmsPort } from './sms/port.ts';
import { sandboxSms } from './sms/sandbox.ts';
import type { PaymentGatewayPort } from './payments/port.ts';
import { sandboxPayments } from './payments/sandbox.ts';
import type { PortabilityRegistryPort } from './portability-registry/port.ts';
import { sandboxPortabilityRegistry } from './portability-registry/sandbox.ts';
import type { IdentityValidationPort } from './identity/port.ts';
import { sandboxIdentity } from './identity/sandbox.ts';
import type { CreditCheckPort } from './credit/port.ts';
import { sandboxCredit } from './credit/sandbox.ts';
import type { CoveragePort } from './coverage/port.ts';
import { sandboxCoverage } from './coverage/sandbox.ts';
import type { TicketDeskPort } from './ticket-desk/port.ts';
import { sandboxTicketDesk } from './ticket-desk/sandbox.ts';
import type { InventoryPort } from './inventory/port.ts';
import { sandboxInventory } from './inventory/sandbox.ts';
import type { LogisticsPort } from './logistics/port.ts';
import { sandboxLogistics } from './logistics/sandbox.ts';
import type { RecaptchaPort } from './recaptcha/port.ts';
import { sandboxRecaptcha } from './recaptcha/sandbox.ts';

export interface Adapters {
  sms: SmsPort;
  payments: PaymentGatewayPort;
  portabilityRegistry: PortabilityRegistryPort;
  identity: IdentityValidationPort;
  credit: CreditCheckPort;
  coverage: CoveragePort;
  ticketDesk: TicketDeskPort;
  inventory: InventoryPort;
  logistics: LogisticsPort;
  recaptcha: RecaptchaPort;
}

/** The outside systems of ARCHITECTURE §5; only sandbox adapters exist until real clients are wired. */
export function createAdapters(db: Db, market: Market): Adapters {
  return { sms: sandboxSms(db), payments: sandboxPayments(db, market), portabilityRegistry: sandboxPortabilityRegistry(market), identity: sandboxIdentity(market), credit: sandboxCredit(), coverage: sandboxCoverage(market), ticketDesk: sandboxTicketDesk(), inventory: sandboxInventory(db), logistics: sandboxLogistics(), recaptcha: sandboxRecaptcha() };
}
