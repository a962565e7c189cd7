import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@andes/db/client';
import { schema } from '@andes/db/client';
import { statement } from '@andes/db/statement';
import type { Market } from '@andes/domain/market';
import { sortAreas, sortBySpanishName } from '@andes/domain/spanish-order';
import { AppError } from '../../http/errors.ts';
import type { CartRow } from './cart.repo.ts';
import type { BuyerRow, StoreRow } from './order.repo.ts';

const { geoAreas, stores, deliveryAddresses } = schema;

export interface Area {
  code: string;
  name: string;
}

/** Regions (departments) in the market's order: Chile north to south, Peru alphabetically. */
export async function regions(db: Db, market: Market): Promise<Area[]> {
  const rows = await db.select({ code: geoAreas.code, name: geoAreas.name }).from(geoAreas).where(eq(geoAreas.level, 1));
  return sortAreas(rows, market.geography.level1Order);
}

/**
 * Children of an area as the address form lists them: Peru department → provinces → districts;
 * Chile skips the province level, so a region lists its communes.
 */
export async function childAreas(db: Db, market: Market, parent: string): Promise<Area[]> {
  const [area] = await db.select().from(geoAreas).where(eq(geoAreas.code, parent));
  if (!area || area.level >= 3) return [];
  if (area.level === 1 && market.geography.level2 === null) {
    const provinces = await db.select({ code: geoAreas.code }).from(geoAreas).where(eq(geoAreas.parentCode, parent));
    if (!provinces.length) return [];
    const communes = await db
      .select({ code: geoAreas.code, name: geoAreas.name })
      .from(geoAreas)
      .where(
        inArray(
          geoAreas.parentCode,
          provinces.map((p) => p.code),
        ),
      );
    return sortBySpanishName(communes);
  }
  return sortBySpanishName(await db.select({ code: geoAreas.code, name: geoAreas.name }).from(geoAreas).where(eq(geoAreas.parentCode, parent)));
}

export interface GeoChain {
  region: Area;
  province: Area;
  commune: Area;
}

/** The commune (district) with its province and region, when they really nest; else null. */
export async function geoChain(db: Db, market: Market, input: { region: string; province?: string; commune: string }): Promise<GeoChain | null> {
  const [commune] = await db
    .select()
    .from(geoAreas)
    .where(and(eq(geoAreas.code, input.commune), eq(geoAreas.level, 3)));
  if (!commune?.parentCode) return null;
  const [province] = await db.select().from(geoAreas).where(eq(geoAreas.code, commune.parentCode));
  if (!province?.parentCode || province.parentCode !== input.region) return null;
  if (market.geography.level2 !== null && input.province !== province.code) return null;
  const [region] = await db.select().from(geoAreas).where(eq(geoAreas.code, province.parentCode));
  if (!region) return null;
  return { region, province, commune };
}

export async function storesIn(db: Db, regionCode: string, communeCode: string | undefined) {
  const rows = await db
    .select()
    .from(stores)
    .where(communeCode ? and(eq(stores.regionCode, regionCode), eq(stores.communeCode, communeCode)) : eq(stores.regionCode, regionCode));
  return sortBySpanishName(rows).map((s) => ({
    id: s.id,
    name: s.name,
    region: s.regionCode,
    commune: s.communeCode,
    address: s.address,
    openingHours: s.openingHours,
  }));
}

// read by every order creation of a store pickup (statement.ts)
const storeById = statement('store_by_id', (db) =>
  db
    .select()
    .from(stores)
    .where(eq(stores.id, sql.placeholder('id'))),
);

export async function findStore(db: Db, id: string) {
  const [row] = await storeById(db, { id });
  return row;
}

export type AddressRow = typeof deliveryAddresses.$inferSelect;

/** A signed-in customer's addresses are theirs; a guest's belong to the cart. */
function ownerFilter(cart: CartRow, customerId: number | null) {
  return customerId !== null ? eq(deliveryAddresses.customerId, customerId) : and(eq(deliveryAddresses.cartId, cart.id), isNull(deliveryAddresses.customerId));
}

export async function addressesOf(db: Db, cart: CartRow, customerId: number | null) {
  const rows = await db.select().from(deliveryAddresses).where(ownerFilter(cart, customerId)).orderBy(asc(deliveryAddresses.id));
  return Promise.all(rows.map((r) => addressView(db, r)));
}

export async function findAddress(db: Db, cart: CartRow, customerId: number | null, id: number): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(deliveryAddresses)
    .where(and(eq(deliveryAddresses.id, id), or(ownerFilter(cart, customerId))));
  return row;
}

export async function saveAddress(
  db: Db,
  cart: CartRow,
  customerId: number | null,
  chain: GeoChain,
  input: { streetName: string; addressNumber: string; detailsAddressNumber: string },
) {
  const [row] = await db
    .insert(deliveryAddresses)
    .values({
      customerId,
      cartId: cart.id,
      regionCode: chain.region.code,
      provinceCode: chain.province.code,
      communeCode: chain.commune.code,
      streetName: input.streetName,
      addressNumber: input.addressNumber,
      details: input.detailsAddressNumber,
    })
    .returning();
  return addressView(db, row);
}

export async function addressView(db: Db, row: AddressRow) {
  const codes = [row.regionCode, row.provinceCode, row.communeCode].filter((c): c is string => !!c);
  const names = new Map((await db.select().from(geoAreas).where(inArray(geoAreas.code, codes))).map((a) => [a.code, a.name]));
  return {
    id: row.id,
    region: row.regionCode,
    regionName: names.get(row.regionCode) ?? '',
    province: row.provinceCode,
    provinceName: row.provinceCode ? (names.get(row.provinceCode) ?? '') : '',
    commune: row.communeCode,
    communeName: names.get(row.communeCode) ?? '',
    streetName: row.streetName,
    addressNumber: row.addressNumber,
    detailsAddressNumber: row.details,
  };
}

/** One line of text for an address, as the order keeps it. */
export function addressText(a: Awaited<ReturnType<typeof addressView>>): string {
  return [`${a.streetName} ${a.addressNumber}`, a.detailsAddressNumber, a.communeName, a.regionName].filter(Boolean).join(', ');
}

/** Who is buying: the signed-in customer (their row, when there is one), or the guest's identification kept on the cart. */
export function buyerContact(customer: BuyerRow | null | undefined, cart: CartRow) {
  if (customer)
    return { name: `${customer.firstName} ${customer.lastName}`, document: customer.document, email: customer.email, phoneNumber: customer.contactPhone ?? '' };
  return cart.guest ?? null;
}

type DeliverySnapshot = Record<string, string>;

/** A pickup store as an order keeps it. */
export function storeSnapshot(store: StoreRow | null | undefined): DeliverySnapshot | null {
  return store ? { type: 'storePickup', storeId: store.id, text: `${store.name}, ${store.address}`, openingHours: store.openingHours } : null;
}

/** Where the order goes, as a snapshot (the address or store may change later; the order must not). */
export async function deliverySnapshot(db: Db, cart: CartRow, customerId: number | null): Promise<DeliverySnapshot | null> {
  if (cart.deliveryType === 'storePickup' && cart.storeId) return storeSnapshot(await findStore(db, cart.storeId));
  if (cart.deliveryType === 'delivery' && cart.addressId) {
    const row = await findAddress(db, cart, customerId, cart.addressId);
    return row ? { type: 'delivery', addressId: String(row.id), text: addressText(await addressView(db, row)) } : null;
  }
  return null;
}

export function assertStore(store: unknown): asserts store {
  if (!store) throw new AppError('pp.error.checkout.store', 404, { fieldErrors: { storeId: ['pp.error.checkout.store'] } });
}
