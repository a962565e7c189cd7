import type { FastifyInstance } from 'fastify';
import type { Db, schema } from '@andes/db/client';
import { isoDayInZone } from '@andes/domain/account-bills';
import { defaultRenewalLine, renewalEligibility, RenewalErrorKeys, renewalTextParams, type RenewalEligibility } from '@andes/domain/renewal';
import { AppError, forbiddenLine } from '../../http/errors.ts';
import { renewalLinesOf } from './renewal.repo.ts';

type CartRow = typeof schema.carts.$inferSelect;
type CartLineRow = typeof schema.cartLines.$inferSelect;

/** One of the customer's lines with whether it may renew its phone today, and why not. */
export interface RenewalLineView {
  phoneNumber: string;
  kind: string;
  planName: string | null;
  eligible: boolean;
  /** The refusal's message key (null when eligible), the Blue renewal day (ISO) when that is the reason, and the text the customer reads. */
  reason: string | null;
  renewableFrom: string | null;
  message: string | null;
}

/**
 * The verdict on one line (SPEC §9 terms), read with its status brought up to date from its bills
 * first, so a bill that crossed the limit counts; `phoneNumber` not among the customer's lines → owner.
 */
async function verdicts(app: FastifyInstance, db: Db, customerId: number) {
  await app.lineStatusFromBills(db, { customerId });
  const today = isoDayInZone(new Date(), app.market.timeZone);
  const lines = await renewalLinesOf(db, customerId);
  const blue = `${app.market.brand}Blue`;
  const of = (phoneNumber: string): RenewalEligibility =>
    renewalEligibility(
      lines.find((l) => l.phoneNumber === phoneNumber),
      today,
      blue,
    );
  return { lines, of };
}

/** The refusal as an error: the reason's key with the line (and Blue day) in the text; another's line is 403. */
function refusal(app: FastifyInstance, phoneNumber: string, verdict: RenewalEligibility, fields: Record<string, unknown> = {}): AppError | null {
  if (verdict.eligible) return null;
  const params = renewalTextParams(phoneNumber, verdict.from, app.market.site, app.market.timeZone);
  return new AppError(verdict.key, verdict.refusal === 'owner' ? 403 : 409, {
    params,
    fields: { planPhoneNumber: phoneNumber, renewableFrom: verdict.from, ...fields },
  });
}

/** The signed-in customer's lines and which may renew, with the line a renewal goes to when none is chosen. */
export async function renewalLines(app: FastifyInstance, customerId: number): Promise<{ lines: RenewalLineView[]; defaultPhoneNumber: string | null }> {
  const { lines, of } = await verdicts(app, app.db, customerId);
  const views = lines.map((line): RenewalLineView => {
    const verdict = of(line.phoneNumber);
    const refused = refusal(app, line.phoneNumber, verdict);
    return {
      phoneNumber: line.phoneNumber,
      kind: line.kind,
      planName: line.planName,
      eligible: verdict.eligible,
      reason: refused?.key ?? null,
      renewableFrom: verdict.eligible ? null : verdict.from,
      message: refused ? app.t(refused.key, refused.options.params) : null,
    };
  });
  return { lines: views, defaultPhoneNumber: defaultRenewalLine(views) };
}

/**
 * The renewal profile (SPEC §7 "order/v1/reno/profile"): one line's verdict, the line named (another
 * customer's answers 403) or else the one a renewal would go to, else the first; with all the lines.
 */
export async function renewalProfile(app: FastifyInstance, customerId: number, phoneNumber: string | undefined) {
  const all = await renewalLines(app, customerId);
  const wanted = phoneNumber ?? all.defaultPhoneNumber;
  const renoProfile = wanted ? all.lines.find((l) => l.phoneNumber === wanted) : all.lines[0];
  if (phoneNumber && !renoProfile) throw forbiddenLine();
  return { renoProfile: renoProfile ?? null, ...all };
}

/**
 * The line a renewal add goes to: the one named, when it is the customer's own and eligible (else its
 * refusal); without a name the only eligible one; none or several → the customer must choose.
 */
export async function renewalLineFor(app: FastifyInstance, customerId: number, requested: string | undefined): Promise<string> {
  const { lines, of } = await verdicts(app, app.db, customerId);
  const phoneNumber = requested ?? defaultRenewalLine(lines.map((l) => ({ phoneNumber: l.phoneNumber, eligible: of(l.phoneNumber).eligible })));
  if (!phoneNumber) throw new AppError(RenewalErrorKeys.line, 409, { fieldErrors: { planPhoneNumber: [RenewalErrorKeys.line] } });
  const refused = refusal(app, phoneNumber, of(phoneNumber));
  if (refused) throw refused;
  return phoneNumber;
}

/**
 * The order-creation check (registered on the cart's `orderCreateChecks`): each renewal in the cart is
 * still the buyer's own line and still eligible (a bill may have cut it since the add); else no order,
 * the reason told, and the cart left as it was.
 */
export async function assertCartRenewals(app: FastifyInstance, tx: Db, cart: CartRow, customerId: number | null, lines: CartLineRow[]): Promise<void> {
  const renewals = lines.filter((l) => l.renewal);
  if (!renewals.length) return;
  const back = { redirectRUL: '/carrito-compra' };
  if (customerId === null) throw new AppError(RenewalErrorKeys.login, 409, { fields: back });
  const { of } = await verdicts(app, tx, customerId);
  for (const r of renewals) {
    if (!r.planPhoneNumber) throw new AppError(RenewalErrorKeys.line, 409, { fields: { ...back, productOfferingID: r.itemId } });
    const refused = refusal(app, r.planPhoneNumber, of(r.planPhoneNumber), { ...back, productOfferingID: r.itemId });
    if (refused) throw refused;
  }
}
