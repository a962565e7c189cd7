import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/**
 * Phone-with-a-plan screens outside the product page (SPEC §2 "Device and accessory sales"): the V1
 * equipment list (the catalogue's phone list), Peru's equipment picker, and the equipment details page
 * it continues to (the product page module).
 */
export const phonePlanRoutes: RouteConfigEntry[] = [
  route('personas/productoV1/equipos', 'routes/catalogue/list.tsx', { id: 'catalogue-phones-v1' }),
  route('personas/productoV1/equiposPeru', 'routes/phone-plan/equipment-picker.tsx'),
  route('personas/productoV1/equiposDetailsPeru/:productId', 'routes/catalogue/product.tsx', { id: 'product-details-peru' }),
];
