import type { Db } from '@andes/db/client';
import type { Market } from '@andes/domain/market';
import type { AppConfig } from '../config.ts';
import { OWN_KEYS, requireSecret, type SecretSetting } from '../secrets.ts';
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
import type { FraudListPort } from './fraud-list/port.ts';
import { sandboxFraudList } from './fraud-list/sandbox.ts';
import type { ClaimsSystemPort } from './claims-system/port.ts';
import { sandboxClaimsSystem } from './claims-system/sandbox.ts';
import type { EmailPort } from './email/port.ts';
import { sandboxEmail } from './email/sandbox.ts';
import type { ImeiRegistryPort } from './imei-registry/port.ts';
import { sandboxImeiRegistry } from './imei-registry/sandbox.ts';
import type { NumberingPort } from './numbering/port.ts';
import { sandboxNumbering } from './numbering/sandbox.ts';
import type { ContactCentrePort } from './contact-centre/port.ts';
import { sandboxContactCentre } from './contact-centre/sandbox.ts';
import type { CrmPort } from './crm/port.ts';
import { sandboxCrm } from './crm/sandbox.ts';
import type { InsurerPort } from './insurer/port.ts';
import { sandboxInsurer } from './insurer/sandbox.ts';
import type { EsimPort } from './esim/port.ts';
import { sandboxEsim } from './esim/sandbox.ts';
import type { SimInventoryPort } from './sim-inventory/port.ts';
import { sandboxSimInventory } from './sim-inventory/sandbox.ts';
import type { StreetDirectoryPort } from './streets/port.ts';
import { sandboxStreets } from './streets/sandbox.ts';

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
  fraudList: FraudListPort;
  claimsSystem: ClaimsSystemPort;
  email: EmailPort;
  imeiRegistry: ImeiRegistryPort;
  numbering: NumberingPort;
  contactCentre: ContactCentrePort;
  crm: CrmPort;
  insurer: InsurerPort;
  esim: EsimPort;
  simInventory: SimInventoryPort;
  streets: StreetDirectoryPort;
}

/** What an adapter factory is given: the market's database, the market, and the secrets its port declares. */
interface WiringContext {
  db: Db;
  market: Market;
  /** Only a secret the port lists in `secrets`, so the boot check sees every secret a factory reads. */
  secret(name: SecretSetting): string;
}

interface PortWiring<T> {
  sandbox: (ctx: WiringContext) => T;
  /** The real client, or null while there is none: outside sandbox mode the server then refuses to start. */
  production: ((ctx: WiringContext) => T) | null;
  /** Settings the port's production client needs; outside sandbox mode each one missing stops the start. */
  secrets: readonly SecretSetting[];
}

/**
 * The outside systems of ARCHITECTURE §5, port by port. A real client slots in as the port's
 * `production` factory (with the secrets it reads) without touching the services, which only see the port.
 */
const wiring: { [K in keyof Adapters]: PortWiring<Adapters[K]> } = {
  sms: { sandbox: ({ db }) => sandboxSms(db), production: null, secrets: [] },
  payments: {
    sandbox: ({ db, market, secret }) => sandboxPayments(db, market, secret('PAYMENT_NOTIFY_KEY')),
    production: null,
    secrets: ['PAYMENT_COMMERCE_CODE', 'PAYMENT_API_KEY', 'PAYMENT_NOTIFY_KEY'],
  },
  portabilityRegistry: { sandbox: ({ market }) => sandboxPortabilityRegistry(market), production: null, secrets: [] },
  identity: { sandbox: ({ market }) => sandboxIdentity(market), production: null, secrets: [] },
  credit: { sandbox: () => sandboxCredit(), production: null, secrets: [] },
  coverage: { sandbox: ({ market }) => sandboxCoverage(market), production: null, secrets: [] },
  ticketDesk: { sandbox: ({ secret }) => sandboxTicketDesk(secret('TICKET_DESK_NOTIFY_KEY')), production: null, secrets: ['TICKET_DESK_NOTIFY_KEY'] },
  inventory: { sandbox: ({ db }) => sandboxInventory(db), production: null, secrets: [] },
  logistics: { sandbox: ({ secret }) => sandboxLogistics(secret('LOGISTICS_NOTIFY_KEY')), production: null, secrets: ['LOGISTICS_NOTIFY_KEY'] },
  recaptcha: { sandbox: () => sandboxRecaptcha(), production: null, secrets: [] },
  fraudList: { sandbox: ({ market }) => sandboxFraudList(market), production: null, secrets: [] },
  claimsSystem: { sandbox: ({ db }) => sandboxClaimsSystem(db), production: null, secrets: [] },
  email: { sandbox: ({ db }) => sandboxEmail(db), production: null, secrets: [] },
  imeiRegistry: { sandbox: ({ market }) => sandboxImeiRegistry(market), production: null, secrets: [] },
  numbering: { sandbox: ({ market }) => sandboxNumbering(market), production: null, secrets: [] },
  contactCentre: { sandbox: ({ db, market }) => sandboxContactCentre(db, market), production: null, secrets: [] },
  crm: { sandbox: ({ db }) => sandboxCrm(db), production: null, secrets: [] },
  insurer: { sandbox: ({ db }) => sandboxInsurer(db), production: null, secrets: [] },
  esim: { sandbox: ({ market }) => sandboxEsim(market), production: null, secrets: [] },
  simInventory: { sandbox: () => sandboxSimInventory(), production: null, secrets: [] },
  streets: { sandbox: () => sandboxStreets(), production: null, secrets: [] },
};

type Wiring = Pick<AppConfig, 'sandbox' | 'secrets'>;

/** Outside sandbox mode: every secret the shop or a port needs that is not set, then every port with no production client. */
function wiringProblems(config: Wiring): string[] {
  if (config.sandbox) return [];
  const ports = Object.entries(wiring);
  const own = OWN_KEYS.filter((name) => !config.secrets[name]).map((name) => `${name}: not set (the shop's own key)`);
  const missing = ports.flatMap(([port, w]) => w.secrets.filter((name) => !config.secrets[name]).map((name) => `${name}: not set (${port})`));
  const unwired = ports.filter(([, w]) => !w.production).map(([port]) => `${port}: no production adapter`);
  return [...own, ...missing, ...unwired];
}

/** Fails closed: the start stops, naming everything missing at once, rather than run a port on a sandbox or without its secret. */
export function assertWiring(config: Wiring): void {
  const problems = wiringProblems(config);
  if (problems.length) {
    throw new Error(
      `Refusing to start outside sandbox mode (SANDBOX=1 simulates the outside systems): every port needs a production adapter and its settings.\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
  }
}

/** The sandbox adapters with SANDBOX=1, else the production ones (assertWiring has named what is missing). */
export function createAdapters(db: Db, market: Market, config: Wiring): Adapters {
  assertWiring(config);
  function make<K extends keyof Adapters>(port: K): Adapters[K] {
    const { sandbox, production, secrets } = wiring[port];
    const factory = config.sandbox ? sandbox : production;
    if (!factory) throw new Error(`${port}: no production adapter`);
    const secret = (name: SecretSetting) => {
      if (!secrets.includes(name)) throw new Error(`the ${port} port reads ${name} without declaring it`);
      return requireSecret(config.secrets, name);
    };
    return factory({ db, market, secret });
  }
  return {
    sms: make('sms'),
    payments: make('payments'),
    portabilityRegistry: make('portabilityRegistry'),
    identity: make('identity'),
    credit: make('credit'),
    coverage: make('coverage'),
    ticketDesk: make('ticketDesk'),
    inventory: make('inventory'),
    logistics: make('logistics'),
    recaptcha: make('recaptcha'),
    fraudList: make('fraudList'),
    claimsSystem: make('claimsSystem'),
    email: make('email'),
    imeiRegistry: make('imeiRegistry'),
    numbering: make('numbering'),
    contactCentre: make('contactCentre'),
    crm: make('crm'),
    insurer: make('insurer'),
    esim: make('esim'),
    simInventory: make('simInventory'),
    streets: make('streets'),
  };
}
