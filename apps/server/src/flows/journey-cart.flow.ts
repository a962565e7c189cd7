import type { FastifyInstance } from 'fastify';
import type { Db } from '@andes/db/client';
import { cartLinesOf, planInfo, skuInfo, type CartLineRow, type CartRow } from '../modules/cart/index.ts';
import type { CartFacts, JourneyCart } from '../modules/identity/index.ts';
import { selectionOf } from '../modules/plans/index.ts';
import { requestsOfCart } from '../modules/portability/index.ts';

/**
 * The cart's facts the journey's checks decide on (identity, credit, portability readiness). A phone is
 * financed when it goes with a {product}Blue plan (the Blue program sells it in installments); a port
 * counts once the registry accepted it (before that the order goes back to the company-of-origin page).
 */
async function cartFacts(app: FastifyInstance, db: Db, cart: CartRow | null, read?: CartLineRow[]): Promise<CartFacts> {
  const lines = read ?? (cart ? await cartLinesOf(db, cart.id) : []);
  const planLines = lines.filter((l) => l.type === 'plan');
  const equipment = lines.filter((l) => l.type === 'equipment');
  const plans = await planInfo(
    db,
    planLines.map((l) => l.itemId),
  );
  const blue = planLines.some((l) => plans.get(l.itemId)?.rentalType === `${app.market.brand}Blue`);
  const financed = blue && equipment.length > 0;
  const skus = financed
    ? await skuInfo(
        db,
        equipment.map((l) => l.itemId),
      )
    : new Map();
  const portLines = planLines.filter((l) => l.isPortability);
  const accepted = cart && portLines.length ? await requestsOfCart(db, cart.id, ['accepted']) : [];
  const holder = accepted.find((r) => portLines.some((l) => l.itemId === r.itemId))?.document ?? null;
  return {
    lines,
    planInCart: planLines.length > 0,
    financed,
    financedEquipment: financed ? equipment.map((l) => ({ id: l.itemId, quantity: l.quantity, stock: skus.get(l.itemId)?.stock ?? 0 })) : [],
    portabilityHolder: holder,
  };
}

export function journeyCart(app: FastifyInstance): JourneyCart {
  return {
    facts: (db, cart, read) => cartFacts(app, db, cart, read),
    planChosen: (req) => selectionOf(req) !== null,
  };
}
