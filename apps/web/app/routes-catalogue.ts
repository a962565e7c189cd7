import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/**
 * The catalogue screens' routes (paths as SPEC §2). One list module serves every catalogue page (the
 * path picks the list); one product module serves phones, refurbished, accessories and the blue-rental
 * path of {brand}-blue phones.
 */
export const catalogueRoutes: RouteConfigEntry[] = [
  route('lista-productos', 'routes/catalogue/list.tsx', { id: 'catalogue-phones' }),
  route('personas/buscar', 'routes/catalogue/search.tsx'),
  route('personas/comparar', 'routes/catalogue/compare.tsx'),
  route('lista-accesorios', 'routes/catalogue/list.tsx', { id: 'catalogue-accessories' }),
  route('lista-seminuevos', 'routes/catalogue/list.tsx', { id: 'catalogue-refurbished' }),
  route('personas/catalogo/liberados', 'routes/catalogue/list.tsx', { id: 'catalogue-unlocked' }),
  route('personas/catalogo/accesorios', 'routes/catalogue/list.tsx', { id: 'catalogue-accessories-personas' }),
  route('personas/catalogo/renovacion', 'routes/catalogue/list.tsx', { id: 'catalogue-renewal' }),
  route('personas/producto/Equipos/arriendo-blue/:productId', 'routes/catalogue/product.tsx', { id: 'product-blue-rental' }),
  route('personas/producto/Equipos/:productId', 'routes/catalogue/product.tsx', { id: 'product-equipment' }),
  route('personas/producto/accesorios/:productId', 'routes/catalogue/product.tsx', { id: 'product-accessory' }),
];
